import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { canOpen, type Access, type CallerContext } from "~/access/access.server";
import { unknownIntent } from "~/http/forms.server";
import {
  listMessages,
  resendMessage,
  sendMessage,
  type SendOutcome,
} from "~/models/text-messaging/conversation-messages.server";
import {
  conversationsScreenPage,
  getConversation,
  markConversationRead,
  searchConversations,
  segmentsBalance,
  totalUnreadCount,
} from "~/models/text-messaging/conversations.server";
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE, outgoingMessageSchema } from "~/models/text-messaging/inbox.schema";
import { fieldErrors } from "~/utils/validation";

const pageNumber = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

/** The inbox screen: the list (search, unread filter, page), the open thread (marked read), the balance. */
export async function inboxPage(access: Access, url: URL) {
  const { ctx } = access;
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const onlyUnread = params.get("unread") === "1";
  const page = pageNumber(params.get("page"));
  const paging = { pageNumber: page, pageSize: CONVERSATION_PAGE_SIZE };
  const conversationId = Number(params.get("conversation")) || null;
  // Opening a conversation reads it: marked before the list is read, so the list shows it read.
  const opened = conversationId && (await markConversationRead(ctx, conversationId)) ? conversationId : null;
  const [list, conversation, messages, balance, unread] = await Promise.all([
    q
      ? searchConversations(ctx, { paging, searchQuery: q, onlyUnread }).then((found) => ({
          items: found.items,
          hasOlder: page * CONVERSATION_PAGE_SIZE < found.total,
        }))
      : conversationsScreenPage(ctx, { paging, onlyUnread }),
    opened ? getConversation(ctx, opened) : null,
    opened
      ? listMessages(ctx, opened, { pageNumber: pageNumber(params.get("mpage")), pageSize: MESSAGE_PAGE_SIZE })
      : null,
    segmentsBalance(ctx.companyId),
    totalUnreadCount(ctx.companyId),
  ]);
  return {
    q,
    onlyUnread,
    page,
    list,
    conversation,
    messages: messages
      ? { items: messages.items, hasOlder: messages.hasOlder, page: pageNumber(params.get("mpage")) }
      : null,
    missingConversation: Boolean(conversationId && !opened),
    starting: params.get("new") === "1" && !opened,
    balance,
    totalUnread: unread,
    timezone: access.company.timezone,
    // A field tech may use the inbox but not open customers: no link to a profile they cannot see.
    showCustomerLink: canOpen(access, "/customers/1"),
  };
}
export type InboxPage = Awaited<ReturnType<typeof inboxPage>>;

const resendSchema = z.object({ messageId: z.coerce.number().int().positive() });

/** Back to the thread the form was in, with the list's search and filter kept. */
function threadUrl(url: URL, conversationId: number) {
  const next = new URLSearchParams();
  for (const key of ["q", "unread", "page"]) {
    const value = url.searchParams.get(key);
    if (value) next.set(key, value);
  }
  next.set("conversation", String(conversationId));
  return `/inbox?${next.toString()}`;
}

function refused(outcome: SendOutcome, values: Record<string, unknown>) {
  const message = !outcome
    ? "This conversation or message no longer exists."
    : "Not enough SMS segments: the limit is reached. Buy more segments to send texts.";
  return json(
    { errors: { _global: message }, values, reason: outcome ? "not_enough_segments" : null },
    { status: outcome ? 400 : 404 },
  );
}

/** The inbox's forms: send (to a conversation or a new number) and resend a failed message. */
export async function inboxAction(ctx: CallerContext, request: Request) {
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "send" || intent === "start") {
    const values = {
      intent,
      conversationId: intent === "send" ? String(form.get("conversationId") ?? "") : "",
      phoneNumber: intent === "start" ? String(form.get("phoneNumber") ?? "") : "",
      content: String(form.get("content") ?? ""),
    };
    const parsed = outgoingMessageSchema.safeParse(values);
    if (!parsed.success) return json({ errors: fieldErrors(parsed.error), values, reason: null }, { status: 400 });
    const outcome = await sendMessage(ctx, parsed.data);
    if (!outcome?.ok) return refused(outcome, values);
    return redirect(`${threadUrl(url, outcome.conversation.conversationId)}&sent=${outcome.message.messageId}`);
  }
  if (intent === "resend") {
    const parsed = resendSchema.safeParse({ messageId: form.get("messageId") });
    if (!parsed.success) return refused(null, { intent });
    const outcome = await resendMessage(ctx, parsed.data.messageId);
    if (!outcome?.ok) return refused(outcome, { intent });
    return redirect(`${threadUrl(url, outcome.conversation.conversationId)}&sent=${outcome.message.messageId}`);
  }
  return unknownIntent();
}
