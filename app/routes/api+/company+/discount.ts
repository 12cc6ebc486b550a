import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { discountSchema } from "~/models/company/company.schema";
import { saveDiscount, withCompanyRuleErrors } from "~/models/company/company.server";

/** POST /api/company/discount: creates a discount. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(discountSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: await saveDiscount(ctx, input) }, { status: 201 }));
}
