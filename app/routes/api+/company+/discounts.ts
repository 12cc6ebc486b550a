import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { discountSchema, withId } from "~/models/company/company.schema";
import { listDiscounts, saveDiscount, withCompanyRuleErrors } from "~/models/company/company.server";

/** GET /api/company/discounts → {data: [...]}, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  return json({ data: await listDiscounts(ctx) });
}

/** PUT /api/company/discounts {id, ...}: updates one discount. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(withId(discountSchema), await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveDiscount(ctx, input)) ?? apiNotFound() }));
}
