import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { getCompanySettings } from "~/models/company.server";
import { BROAD_ROLES } from "~/models/roles";

/** GET /api/company-settings → {data: {messageOnInvoice, messageOnEstimate, twilioCredentials: {isFullySetUp}}}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: BROAD_ROLES });
  return json({ data: await getCompanySettings(ctx) });
}
