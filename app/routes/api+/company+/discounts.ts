import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { discountUpdateSchema } from "~/models/company/company.schema";
import { listDiscounts, saveDiscount, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/discounts → {data: [...]}, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  return json({ data: await listDiscounts(ctx) });
}

/** PUT /api/company/discounts {id, ...}: updates one discount. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(discountUpdateSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveDiscount(ctx, input)) ?? apiNotFound() }));
}
