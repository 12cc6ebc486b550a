import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, optionalApiAccess } from "~/http/api.server";
import { receiveIncomingText } from "~/models/messaging/delivery.server";
import { screens } from "~/access/route-table";
import { field, readVerifiedTwilioRequest } from "./__twilio-request.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.twilioIncoming);
  return methodNotAllowed();
}

/**
 * Twilio's incoming-message webhook (a company's messaging number): STOP-type keywords turn the
 * sender's texts off for that company, START turns them back on; other texts go to the two-way
 * inbox's seam (onIncomingText). The answer is empty TwiML: Twilio's own opt-out replies suffice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.twilioIncoming);
  const params = await readVerifiedTwilioRequest(request);
  await receiveIncomingText({
    from: field(params, "From"),
    to: field(params, "To"),
    body: field(params, "Body"),
    messageSid: field(params, "MessageSid") || undefined,
  });
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response/>', {
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}
