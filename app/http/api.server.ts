import { json } from "@remix-run/node";
import { z } from "zod";
import { accessOf, assertEntry, ruleFailure, type Access, type AccessArgs } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import { parseJson, parseNested } from "~/http/request-data.server";
import { fieldErrors } from "~/utils/validation";
import { pagingSchema, type Paging } from "~/http/query-schemas";

/** Extra ways to authenticate an API call (the company API key registers itself here). */
const apiAuthenticators: Array<(request: Request) => Promise<Access | null>> = [];
export function registerApiAuthenticator(authenticate: (request: Request) => Promise<Access | null>) {
  apiAuthenticators.push(authenticate);
}

/**
 * The access check of every signed-in /api route, named by its screen's entry
 * (`requireApiAccess({ request, context }, screens.priceBook.list)`), so a screen and the calls behind
 * its data follow one rule: 401 without a session or key, 403 failing role or feature.
 */
export async function requireApiAccess(args: AccessArgs, entry: RouteRule): Promise<Access> {
  assertEntry(entry, ["private"]);
  let access = await accessOf(args, entry);
  for (const authenticate of apiAuthenticators) {
    if (access) break;
    access = await authenticate(args.request);
  }
  if (!access) throw json({ message: "You were logged out" }, { status: 401 });
  if (ruleFailure(entry, access)) throw json({ message: "You do not have permission to access." }, { status: 403 });
  return access;
}

/** Public /api calls (sign-in and its friends, the booking page's checks) name their page's entry too; a signed-in caller is not sent anywhere. */
export async function optionalApiAccess(args: AccessArgs, entry: RouteRule): Promise<Access | null> {
  assertEntry(entry, ["guest", "public"]);
  return accessOf(args, entry);
}

export const apiNotFound = (): never => {
  throw json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
};

export const badRequest = (message: string): never => {
  throw json({ message }, { status: 400 });
};

/** Reads a JSON body, or form fields when the call is a form post; prototype keys are dropped. */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("form")) return parseNested(await request.formData());
  const text = await request.text();
  if (!text) return {};
  try {
    return parseJson(text);
  } catch {
    return badRequest("The request body is not valid JSON");
  }
}

/** Validates with zod; a failure answers 400 {errors: {field: message}}. */
export function parseOr400<T extends z.ZodTypeAny>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw json({ errors: fieldErrors(result.error) }, { status: 400 });
  return result.data;
}

export {
  idList,
  idParamsSchema,
  pagingSchema,
  searchQuerySchema,
  sortSettingSchema,
  type Paging,
} from "~/http/query-schemas";

/** Accepts paging flat (pageNumber=) or nested (paging.pageNumber=, pagingSettings.pageNumber=). */
export function readPaging(query: Record<string, unknown>): Paging {
  const nested = (query.paging ?? query.pagingSettings ?? query) as Record<string, unknown>;
  return parseOr400(pagingSchema, nested);
}

export function readQuery(request: Request): Record<string, unknown> {
  return parseNested(new URL(request.url).searchParams);
}

export const pageResult = <T>(items: T[], total: number, paging: Paging) => ({
  items,
  total,
  pageNumber: paging.pageNumber,
  pageSize: paging.pageSize,
});
