import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, requireApiAccess } from "~/http/api.server";
import { deleteDiscount, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/discounts/{id}: refused with {message} while the discount is in use. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const id = z.coerce.number().int().positive().safeParse(params.id);
  if (!id.success) return apiNotFound();
  return withCompanyRuleErrors(async () =>
    (await deleteDiscount(ctx, id.data)) ? json({ data: { id: id.data } }) : apiNotFound(),
  );
}
