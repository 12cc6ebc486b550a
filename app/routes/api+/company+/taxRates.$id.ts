import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, requireApiAccess } from "~/http/api.server";
import { deleteTaxRate, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/taxRates/{id}: refused with {message} while the tax rate is in use. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const id = z.coerce.number().int().positive().safeParse(params.id);
  if (!id.success) return apiNotFound();
  return withCompanyRuleErrors(async () =>
    (await deleteTaxRate(ctx, id.data)) ? json({ data: { id: id.data } }) : apiNotFound(),
  );
}
