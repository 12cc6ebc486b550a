import { json } from "@remix-run/node";
import { z } from "zod";
import { getAccess, ruleFailure, type Access } from "~/access/access.server";
import { ALL_ROLES, type RoleValue } from "~/access/roles";
import { routeRule } from "~/access/route-table";
import { parseJson, parseNested } from "~/http/request-data.server";
import { fieldErrors } from "~/utils/validation";

export type ApiRule = { roles: readonly RoleValue[]; planFeatures?: readonly number[]; appFeatures?: readonly number[]; needsTwoWayTextEnabled?: boolean };

/** Extra ways to authenticate an API call (the company API key registers itself here). */
const apiAuthenticators: Array<(request: Request) => Promise<Access | null>> = [];
export function registerApiAuthenticator(authenticate: (request: Request) => Promise<Access | null>) {
  apiAuthenticators.push(authenticate);
}

/** The access check of every /api route: 401 without a session or key, 403 failing role or feature. */
export async function requireApiAccess(request: Request, rule: ApiRule): Promise<Access> {
  let access = await getAccess(request);
  for (const authenticate of apiAuthenticators) {
    if (access) break;
    access = await authenticate(request);
  }
  if (!access) throw json({ message: "You were logged out" }, { status: 401 });
  if (ruleFailure({ pattern: "", kind: "private", ...rule }, access)) throw json({ message: "You do not have permission to access." }, { status: 403 });
  return access;
}

/**
 * The access check of an API call behind a screen: the screen's route-table entry, named by its
 * pattern ("/price-book"), so the screen and its calls follow one rule (docs/decisions/foundation-access.md).
 */
export function requireApiAccessFor(request: Request, pattern: string): Promise<Access> {
  const rule = routeRule(pattern);
  if (rule.kind !== "private" || !rule.roles) throw new Error(`${pattern} is not a private screen`);
  return requireApiAccess(request, { ...rule, roles: rule.roles });
}

/** Any signed-in role of the company (jobs, schedule, pickers, places): the route table's "signed in". */
export const requireSignedInApi = (request: Request) => requireApiAccess(request, { roles: ALL_ROLES });

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

export const sortSettingSchema = z.object({
  fieldName: z.string().max(64),
  descending: z.preprocess((v) => v === true || v === "true", z.boolean()).default(false),
});

/** Paging of the spec: 1-based pageNumber, pageSize up to 10000, sortSettings. */
export const pagingSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(10000).default(10),
  sortSettings: z.array(sortSettingSchema).max(5).default([]),
});
export type Paging = z.infer<typeof pagingSchema>;

/** Accepts paging flat (pageNumber=) or nested (paging.pageNumber=, pagingSettings.pageNumber=). */
export function readPaging(query: Record<string, unknown>): Paging {
  const nested = (query.paging ?? query.pagingSettings ?? query) as Record<string, unknown>;
  return parseOr400(pagingSchema, nested);
}

export function readQuery(request: Request): Record<string, unknown> {
  return parseNested(new URL(request.url).searchParams);
}

/** Wraps an array-or-single query value into an array of numbers. */
export const idList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
  z.array(z.coerce.number().int().positive()),
);

export const pageResult = <T>(items: T[], total: number, paging: Paging) => ({ items, total, pageNumber: paging.pageNumber, pageSize: paging.pageSize });
