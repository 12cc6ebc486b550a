import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseOr400, readBody, readQuery, requireApiAccessFor } from "~/http/api.server";
import { categorySchema } from "~/models/price-book/price-book.schema";
import { createCategory, listCategories, withRuleErrors } from "~/models/price-book/price-book.server";

const querySchema = z.object({
  searchQuery: z.string().max(200).optional(),
  type: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
});

/** GET /api/price-lists {searchQuery, type} → {data: [{id, categoryName, type, itemCount}]}. The job form's price book picker: every role, as the job form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/jobs/new");
  const query = parseOr400(querySchema, readQuery(request));
  return json({ data: await listCategories(ctx, { search: query.searchQuery, type: query.type }) });
}

/** POST /api/price-lists {categoryName, type}. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/price-book");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(categorySchema, await readBody(request));
  return withRuleErrors(async () => json({ data: await createCategory(ctx, input) }, { status: 201 }));
}
