import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import {
  apiAction,
  apiNotFound,
  dataOr404,
  methodNotAllowed,
  pageResult,
  readBody,
  readPaging,
  readQuery,
  recordIdParam,
  requireApiAccess,
  type Paging,
} from "~/http/api.server";
import { deleteFile } from "~/services/storage.server";

/**
 * The API of a company's records (settings records: tags, lead sources, tax rates, discounts, expense
 * codes; and a record's page, its read and its files): each route file names its screen's entry,
 * model functions and schemas, and these answer with one shape. The route files keep their
 * `parseOr400(schema, body)` calls, where the OpenAPI contract test finds the schemas they validate with.
 */

/** GET: {data: [...]}, the company's records. */
export function listRecordsLoader(entry: RouteRule, list: (ctx: CallerContext) => Promise<unknown>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { ctx } = await requireApiAccess({ request, context }, entry);
    return json({ data: await list(ctx) });
  };
}

/** Reads the body as the write's schema and saves it; null when the record is not the company's. */
type RecordWrite = (ctx: CallerContext, body: unknown) => Promise<unknown>;

/**
 * POST creates: 201 {data}; PUT updates: {data}, 404 when the record is not the company's. Another
 * method is 405; a schema error or a model's rule (duplicate name) is 400.
 */
export function saveRecordAction(entry: RouteRule, writes: { POST?: RecordWrite; PUT?: RecordWrite }) {
  const { POST, PUT } = writes;
  return apiAction(entry, {
    ...(POST && { POST: async ({ ctx, body }) => dataOr404(await POST(ctx, await body()), 201) }),
    ...(PUT && { PUT: async ({ ctx, body }) => dataOr404(await PUT(ctx, await body())) }),
  });
}

/** DELETE /…/{param}: {data: {id}}; 404 for an id that is not the company's; a record in use is 400 {message}. */
export function deleteRecordAction(
  entry: RouteRule,
  param: string,
  remove: (ctx: CallerContext, id: number) => Promise<boolean>,
) {
  return apiAction(entry, {
    DELETE: async ({ ctx, id }) => dataOr404((await remove(ctx, id(param))) && { id: id(param) }),
  });
}

/** GET /…/{id}: {data: the record}, 404 for an id that is not the company's. */
export function recordLoader(entry: RouteRule, find: (ctx: CallerContext, id: number) => Promise<unknown>) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const { ctx } = await requireApiAccess({ request, context }, entry);
    return dataOr404(await find(ctx, recordIdParam(params.id)));
  };
}

/**
 * GET /…/page: one page of the company's list, {items, total, pageNumber, pageSize, totalIsCapped}.
 * `filters` reads the list's own query (the route's `parseOr400(schema, query)`).
 */
export function recordPageLoader<F extends object>(
  entry: RouteRule,
  filters: (query: Record<string, unknown>) => F,
  list: (
    ctx: CallerContext,
    query: F & { paging: Paging },
  ) => Promise<{ items: unknown[]; total: number; totalIsCapped: boolean }>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { ctx } = await requireApiAccess({ request, context }, entry);
    const query = readQuery(request);
    const paging = readPaging(query);
    const page = await list(ctx, { paging, ...filters(query) });
    return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
  };
}

/**
 * A record's files (POST /…/attachment, multipart: one file per call → 201 {data: attachment});
 * DELETE {recordId, fileUrl} → {data: the body}, 404 when the file is not the record's or the record
 * not the company's. `remove` reads the body (the route's `parseOr400(schema, body)`) and answers
 * the stored file's key to delete, or null.
 */
export function recordFilesAction<B>(
  entry: RouteRule,
  upload: (request: Request, ctx: CallerContext) => Promise<Response>,
  parse: (body: unknown) => B,
  remove: (ctx: CallerContext, body: B) => Promise<string | null>,
) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { ctx } = await requireApiAccess({ request, context }, entry);
    if (request.method === "POST") return upload(request, ctx);
    if (request.method !== "DELETE") return methodNotAllowed();
    const body = parse(await readBody(request));
    const key = await remove(ctx, body);
    if (!key) return apiNotFound();
    await deleteFile(key);
    return json({ data: body });
  };
}
