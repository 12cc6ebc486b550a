import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, idParamsSchema, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { categorySchema } from "~/models/price-book/price-book.schema";
import { deleteCategory, getCategory, updateCategory, withRuleErrors } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/{id}: one category (the job form's price book picker: every role, as the job form). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const { id } = parseOr400(idParamsSchema, params);
  return json({ data: (await getCategory(ctx, id)) ?? apiNotFound() });
}

/** PUT /api/price-lists/{id} {categoryName, type}; DELETE removes the category and its items. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  const id = idParamsSchema.safeParse(params);
  if (!id.success) return apiNotFound();
  if (request.method === "PUT") {
    const input = parseOr400(categorySchema, await readBody(request));
    return withRuleErrors(async () => json({ data: (await updateCategory(ctx, id.data.id, input)) ?? apiNotFound() }));
  }
  if (request.method === "DELETE") {
    if (!(await deleteCategory(ctx, id.data.id))) return apiNotFound();
    return json({ data: { id: id.data.id } });
  }
  return json({ message: "Method not allowed" }, { status: 405 });
}
