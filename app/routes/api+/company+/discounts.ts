import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/models/api.server";
import { discountSchema, withId } from "~/models/company.schema";
import { listDiscounts, saveDiscount, withCompanyRuleErrors } from "~/models/company.server";
import { BROAD_ROLES, MANAGER_ROLES } from "~/models/roles";

/** GET /api/company/discounts → {data: [...]}, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: BROAD_ROLES });
  return json({ data: await listDiscounts(ctx) });
}

/** PUT /api/company/discounts {id, ...}: updates one discount. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(withId(discountSchema), await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveDiscount(ctx, input)) ?? apiNotFound() }));
}
