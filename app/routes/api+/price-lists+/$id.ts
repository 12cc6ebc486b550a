import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/models/api.server";
import { categorySchema } from "~/models/price-book.schema";
import { deleteCategory, getCategory, updateCategory, withRuleErrors } from "~/models/price-book.server";
import { ALL_ROLES, MANAGER_ROLES } from "~/models/roles";

const idSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/price-lists/{id}: one category. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: ALL_ROLES });
  const { id } = parseOr400(idSchema, params);
  return json({ data: (await getCategory(ctx, id)) ?? apiNotFound() });
}

/** PUT /api/price-lists/{id} {categoryName, type}; DELETE removes the category and its items. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  const id = idSchema.safeParse(params);
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
