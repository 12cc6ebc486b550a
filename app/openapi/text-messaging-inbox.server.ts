import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  conversationSearchSchema,
  conversationsQuerySchema,
  outgoingMessageSchema,
} from "~/models/text-messaging/inbox.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";

/** A list whose filtered total is counted up to a cap (totalIsCapped: the total is at least that). */
const cappedPageOf = (item: z.ZodTypeAny) => pageOf(item).extend({ totalIsCapped: z.boolean() });

const access =
  "any signed-in role of a company with the two-way text feature (plan and application feature) and its feature-enabled setting; otherwise 403";
const tag = "Two-way text inbox";
const id = idParamsSchema;
const conversation = z
  .object({
    conversationId: z.number().int(),
    phoneNumber: z.string().openapi({ description: "The other side's number, E.164" }),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    unreadCount: z.number().int(),
    lastMessage: z
      .object({
        messageId: z.number().int(),
        content: z.string().nullable(),
        lastActivityDate: z.string(),
        deliveredOn: z.string(),
      })
      .nullable()
      .openapi({ description: "The last message that did not fail" }),
    status: z.number().int().openapi({ description: "open 0" }),
  })
  .passthrough();
const message = z
  .object({
    messageId: z.number().int(),
    conversationId: z.number().int(),
    direction: z.number().int().openapi({ description: "incoming 0, outgoing 1" }),
    phoneNumber: z.string(),
    content: z.string(),
    status: z.enum(["received", "queued", "sent", "delivered", "failed"]),
    failureReason: z.string().nullable(),
    segments: z.number().int(),
    deliveredOn: z.string().nullable(),
    createdAt: z.string(),
  })
  .passthrough();
const sent = dataOf(z.object({ conversation, message }));
const refused =
  '; 400 {message, reason: "not_enough_segments"} when the SMS segment balance is 0 or less (the limit flag is set)';

registerCall({
  method: "get",
  path: "/text-messaging/conversations",
  tag,
  access,
  summary: "The inbox: conversations by the last message's delivery time, newest first (page size 20 unless given)",
  query: conversationsQuerySchema,
  paging: true,
  response: cappedPageOf(conversation),
});
registerCall({
  method: "get",
  path: "/text-messaging/conversations/search",
  tag,
  access,
  summary:
    "Conversations whose number (its digits) or linked customer (name, phones) matches searchQuery; message text is not searched",
  query: conversationSearchSchema,
  paging: true,
  response: cappedPageOf(conversation),
});
registerCall({
  method: "get",
  path: "/text-messaging/conversations/{id}",
  tag,
  access,
  summary: "One conversation",
  params: id,
  response: dataOf(conversation),
});
registerCall({
  method: "patch",
  path: "/text-messaging/conversations/{id}/read",
  tag,
  access,
  summary: "Marks a conversation read: its unread count becomes 0",
  params: id,
  response: dataOf(conversation),
});
registerCall({
  method: "get",
  path: "/text-messaging/conversations/{id}/messages",
  tag,
  access,
  summary:
    "A conversation's messages, newest first (page 1 is the latest; page size 100, five times the conversations', unless given)",
  params: id,
  paging: true,
  response: pageOf(message),
});
registerCall({
  method: "get",
  path: "/text-messaging/conversations/messages/total-unread-count",
  tag,
  access,
  summary: "Unread messages over all the company's conversations (the header's inbox dot)",
  response: z.object({ count: z.number().int() }),
});
registerCall({
  method: "get",
  path: "/text-messaging/available-sms-segments-balance",
  tag,
  access,
  summary: "The company's SMS segment balance; segmentLimitReached when it is 0 or less or a send was refused",
  response: dataOf(z.object({ availableSmsSegmentsBalance: z.number().int(), segmentLimitReached: z.boolean() })),
});
registerCall({
  method: "post",
  path: "/text-messaging/outgoing-message",
  tag,
  access,
  summary: `Sends a text (1 to 254 characters) to a conversation, or to a phone number (US or Canada; its conversation found or started): queued, then sent through Twilio from the company's number${refused}`,
  body: outgoingMessageSchema,
  status: 201,
  response: sent,
});
registerCall({
  method: "post",
  path: "/text-messaging/outgoing-message/{id}/resend",
  tag,
  access,
  summary: `Sends a failed message again (its segments taken again)${refused}; 404 unless it is a failed outgoing message of the company`,
  params: id,
  response: sent,
});
registerCall({
  method: "get",
  path: "/text-messaging/outgoing-message/{id}",
  tag,
  access,
  summary: "A sent message with its delivery state (queued, sent, delivered or failed)",
  params: id,
  response: dataOf(message),
});
