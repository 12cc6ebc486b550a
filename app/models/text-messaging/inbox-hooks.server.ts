// The inbox hears of incoming texts and of its messages' delivery through the Twilio webhooks'
// seams (imported once at start-up by app/server/boot.server.ts).
import { onIncomingText, onTextStatus } from "~/models/messaging/delivery.server";
import { applyConversationStatus, receiveInboxText } from "~/models/text-messaging/conversation-messages.server";

onIncomingText(async (text) => {
  await receiveInboxText(text);
});
onTextStatus((status, now) => applyConversationStatus(status, now));
