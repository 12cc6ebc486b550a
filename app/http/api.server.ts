import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { accessOf, assertEntry, ruleFailure, type Access, type AccessArgs } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import { parseJson, parseNested } from "~/http/request-data.server";
import { RuleError } from "~/models/rules";
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

export const methodNotAllowed = () => json({ message: "Method not allowed" }, { status: 405 });

/** The positive integer id of a path ({id}), or 404 like a missing record. */
export function recordIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return apiNotFound();
  return id;
}

/**
 * Runs an API write; a model's rule (RuleError: duplicate, limit, record in use) answers 400 as
 * DECISIONS.md has it: {errors: {field: message}}, or {message} when no field is to blame.
 */
export async function withRuleErrors<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const { _global: message, ...fields } = error.fieldErrors;
    return json(Object.keys(fields).length ? { errors: fields } : { message }, { status: 400 });
  }
}

/** What an API write gets: the caller, the raw request and path, the body (read on demand) and the path's id. */
export type ApiCall = {
  access: Access;
  ctx: Access["ctx"];
  request: Request;
  params: ActionFunctionArgs["params"];
  body: () => Promise<unknown>;
  /** The positive integer id in the path (`{id}` unless named), or 404. */
  id: (param?: string) => number;
};
type ApiWrite = (call: ApiCall) => Promise<Response>;
type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The action of an API route: the access check by its screen's entry first, then the method (another
 * one answers 405), then the write, where a model's rule (RuleError) answers 400.
 */
export function apiAction(entry: RouteRule, writes: Partial<Record<WriteMethod, ApiWrite>>) {
  return async ({ request, params, context }: ActionFunctionArgs): Promise<Response> => {
    const access = await requireApiAccess({ request, context }, entry);
    const write = Object.hasOwn(writes, request.method) ? writes[request.method as WriteMethod] : undefined;
    if (!write) return methodNotAllowed();
    const call: ApiCall = {
      access,
      ctx: access.ctx,
      request,
      params,
      body: () => readBody(request),
      id: (param = "id") => recordIdParam(params[param]),
    };
    return withRuleErrors(() => write(call));
  };
}

/** {data} (201 on creation), or 404 when the model found no such record of the company. */
export function dataOr404(data: unknown, status = 200): Response {
  if (data === null || data === undefined || data === false) return apiNotFound();
  return json({ data }, { status });
}

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

/** A CSV file download that is never cached (exports hold the company's current data). */
export function csvDownload(csv: string | ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
