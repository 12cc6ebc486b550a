import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, methodNotAllowed, parseOr400, requireApiAccess } from "~/http/api.server";
import { sendMessage } from "~/models/text-messaging/conversation-messages.server";
import { outgoingMessageSchema } from "~/models/text-messaging/inbox.schema";
import { sendAnswer } from "~/routes/api+/text-messaging+/__inbox-api.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.inbox);
  return methodNotAllowed();
}

/**
 * POST /api/text-messaging/outgoing-message {conversationId, phoneNumber, content} → 201
 * {data: {conversation, message}} (queued; by phone number the conversation is found or started);
 * 400 {message, reason: "not_enough_segments"} when the balance is spent.
 */
export const action = apiAction(screens.inbox, {
  POST: async ({ ctx, body }) =>
    sendAnswer(await sendMessage(ctx, parseOr400(outgoingMessageSchema, await body())), 201),
});
