import { z } from "zod";
import { messages, normalizePhone, requiredText } from "~/utils/validation";

/** Spec part 2 section 9: the conversation page size is ours; a thread's page is five times it. */
export const CONVERSATION_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = CONVERSATION_PAGE_SIZE * 5;
/** A message's text: 1 to 254 characters (spec part 2 section 5). */
export const MESSAGE_MAX_LENGTH = 254;
/** Sent messages are read again this long after sending, for their delivery state. */
export const MESSAGE_RECHECK_MS = 1000;
/** Drafts kept in the browser, one list over all conversations. */
export const MAX_DRAFTS = 10;

export const MessageDirection = { Incoming: 0, Outgoing: 1 } as const;
/** The real-time notification's type (spec: incomingMessageRegistered = 0). */
export const TwoWayTextNotificationType = { IncomingMessageRegistered: 0 } as const;

export const messageContentSchema = requiredText("Message text", { max: MESSAGE_MAX_LENGTH });

/** A phone number to start a conversation with: US or Canada, stored as E.164. */
export const conversationPhoneSchema = requiredText("Phone number").transform((raw, ctx) => {
  const phone = normalizePhone(raw);
  if (!phone) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.phone });
    return z.NEVER;
  }
  return phone;
});

const optionalId = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** POST text-messaging/outgoing-message {conversationId, phoneNumber, content}: one of the two names the other side. */
export const outgoingMessageSchema = z
  .object({
    conversationId: optionalId,
    phoneNumber: z.preprocess((v) => (v === "" || v === null ? undefined : v), conversationPhoneSchema.optional()),
    content: messageContentSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.conversationId && !value.phoneNumber)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phoneNumber"], message: messages.required("Phone number") });
  });
export type OutgoingMessageInput = z.infer<typeof outgoingMessageSchema>;

const flag = z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()).default(false);

/** GET text-messaging/conversations {onlyUnread, paging}; search adds searchQuery. */
export const conversationsQuerySchema = z.object({ onlyUnread: flag });
export const conversationSearchSchema = z.object({
  onlyUnread: flag,
  searchQuery: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().max(200)),
});
