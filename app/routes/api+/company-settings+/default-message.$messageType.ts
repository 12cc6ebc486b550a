import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, dataOr404, requireApiAccess } from "~/http/api.server";
import { defaultMessage } from "~/models/messaging/templates.server";
import { screens } from "~/access/route-table";

/** GET /api/company-settings/default-message/{messageType} → {data: {messageType, smsText, subjectText, emailText}}; an unknown type is 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.communication);
  const raw = params.messageType ?? "";
  if (!/^\d{1,2}$/.test(raw)) return apiNotFound();
  return dataOr404(defaultMessage(Number(raw)));
}
