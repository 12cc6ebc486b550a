import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, optionalApiAccess } from "~/http/api.server";
import { applyTextStatus } from "~/models/messaging/delivery.server";
import { screens } from "~/access/route-table";
import { field, readVerifiedTwilioRequest } from "./__twilio-request.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.twilioStatus);
  return methodNotAllowed();
}

/** Twilio's status callback for a text we sent (its StatusCallback): the delivery state, by MessageSid. */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.twilioStatus);
  const params = await readVerifiedTwilioRequest(request);
  await applyTextStatus({
    messageSid: field(params, "MessageSid") || field(params, "SmsSid"),
    messageStatus: field(params, "MessageStatus") || field(params, "SmsStatus"),
    errorCode: field(params, "ErrorCode") || null,
    errorMessage: field(params, "ErrorMessage") || null,
  });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
