import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { resendMessage } from "~/models/text-messaging/conversation-messages.server";
import { sendAnswer } from "~/routes/api+/text-messaging+/__inbox-api.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.inbox);
  return methodNotAllowed();
}

/** POST /api/text-messaging/outgoing-message/{id}/resend → {data: {conversation, message}}: a failed message, queued again. */
export const action = apiAction(screens.inbox, {
  POST: async ({ ctx, id }) => sendAnswer(await resendMessage(ctx, id())),
});
