import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import { apiAction, dataOr404, requireApiAccess } from "~/http/api.server";

/**
 * The API of a company's settings records (tags, lead sources, tax rates, discounts, expense codes):
 * each route file names its screen's entry, model functions and schemas, and these answer with one
 * shape. The route files keep their `parseOr400(schema, body)` calls, where the OpenAPI contract
 * test finds the schemas they validate with.
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
