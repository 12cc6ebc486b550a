import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { getCompanySettings } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company-settings → {data: {messageOnInvoice, messageOnEstimate, twilioCredentials: {isFullySetUp}}}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.index);
  return json({ data: await getCompanySettings(ctx) });
}
