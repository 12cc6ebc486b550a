import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, readQuery, requireApiAccess } from "~/http/api.server";
import { categorySchema, categoriesQuerySchema } from "~/models/price-book/price-book.schema";
import { createCategory, listCategories, withRuleErrors } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists {searchQuery, type} → {data: [{id, categoryName, type, itemCount}]}. The job form's price book picker: every role, as the job form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const query = parseOr400(categoriesQuerySchema, readQuery(request));
  return json({ data: await listCategories(ctx, { search: query.searchQuery, type: query.type }) });
}

/** POST /api/price-lists {categoryName, type}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(categorySchema, await readBody(request));
  return withRuleErrors(async () => json({ data: await createCategory(ctx, input) }, { status: 201 }));
}
