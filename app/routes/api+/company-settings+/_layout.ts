import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { getCompanySettings } from "~/models/company/company.server";

/** GET /api/company-settings → {data: {messageOnInvoice, messageOnEstimate, twilioCredentials: {isFullySetUp}}}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/settings");
  return json({ data: await getCompanySettings(ctx) });
}
