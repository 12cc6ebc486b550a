import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { removeDraft, useDraft } from "~/components/inbox-drafts";
import { conversationTitle, inboxHref, messageTime, type ListState } from "~/components/inbox-list";
import type { ConversationMessage } from "~/models/text-messaging/conversation-messages.server";
import type { Conversation } from "~/models/text-messaging/conversations.server";
import { MESSAGE_MAX_LENGTH, MESSAGE_RECHECK_MS, MessageDirection } from "~/models/text-messaging/inbox.schema";
import { smsSegments } from "~/models/messaging/variables";
import { formatPhone } from "~/utils/validation";

export type FormResult = { errors?: Record<string, string>; values?: Record<string, string> } | undefined;

const STATUS_TEXT: Record<ConversationMessage["status"], string> = {
  received: "Received",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
};

/**
 * A sent message's delivery state, read again once MESSAGE_RECHECK_MS after the send (JavaScript
 * only). What was read holds until the page's data is loaded again (which has it fresh anyway).
 */
function useRecheckedStatus(sentId: number | null, messages: ConversationMessage[]) {
  const location = useLocation();
  const [rechecked, setRechecked] = useState<Record<number, Pick<ConversationMessage, "status" | "failureReason">>>({});
  useEffect(() => setRechecked({}), [messages]);
  useEffect(() => {
    if (!sentId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/text-messaging/outgoing-message/${sentId}`, { signal: controller.signal, credentials: "same-origin" })
        .then((res) => (res.ok ? (res.json() as Promise<{ data: ConversationMessage }>) : null))
        .then((answer) => {
          if (answer)
            setRechecked((all) => ({
              ...all,
              [sentId]: { status: answer.data.status, failureReason: answer.data.failureReason },
            }));
        })
        .catch(() => undefined);
    }, MESSAGE_RECHECK_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // Each send (a navigation of its own, even to the same URL) is read again.
  }, [sentId, location.key]);
  return rechecked;
}

/** The message box with its segment count; its draft is kept per conversation. */
export function ComposeField({
  draftKey,
  error,
  defaultValue,
  id,
}: {
  draftKey: string;
  error?: string;
  defaultValue?: string;
  id: string;
}) {
  const [text, setText] = useState(defaultValue ?? "");
  const draft = useDraft(draftKey, setText);
  const segments = smsSegments(text).segments;
  return (
    <div className="field inbox-compose-field">
      <label htmlFor={id}>Message</label>
      <textarea
        id={id}
        ref={draft.ref}
        name="content"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onInput={(event) => {
          draft.onInput(event);
          setText(event.currentTarget.value);
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {text.length}/{MESSAGE_MAX_LENGTH} characters
        {text ? `, ${segments} ${segments === 1 ? "segment" : "segments"}` : ""}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One open conversation: its messages (oldest first on the page), older pages, resend, and the send form. */
export function InboxThread({
  state,
  conversation,
  messages,
  timezone,
  sentId,
  result,
  showCustomerLink,
}: {
  state: ListState;
  showCustomerLink: boolean;
  conversation: Conversation;
  messages: { items: ConversationMessage[]; hasOlder: boolean; page: number };
  timezone: string;
  sentId: number | null;
  result: FormResult;
}) {
  const rechecked = useRecheckedStatus(sentId, messages.items);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const here = (changes: Record<string, string | number | null>) =>
    inboxHref(state, { conversation: conversation.conversationId, ...changes });
  const errors = result?.values?.intent === "send" ? (result.errors ?? {}) : {};
  const draftKey = String(conversation.conversationId);
  return (
    <section className="inbox-thread" aria-labelledby="inbox-thread-title">
      <header className="inbox-thread-head">
        <Link to={inboxHref(state)} className="inbox-back">
          ‹ Conversations
        </Link>
        <div>
          <h2 id="inbox-thread-title">{conversationTitle(conversation)}</h2>
          {conversation.customerName ? <p className="muted">{formatPhone(conversation.phoneNumber)}</p> : null}
        </div>
        {conversation.customerId && showCustomerLink ? (
          <Link to={`/customers/${conversation.customerId}`}>Customer profile</Link>
        ) : null}
      </header>
      {messages.hasOlder ? (
        <Link className="inbox-older" to={here({ mpage: messages.page + 1 })}>
          Older messages
        </Link>
      ) : null}
      <ol className="inbox-messages" aria-live="polite" aria-label="Messages">
        {[...messages.items].reverse().map((m) => {
          const { status, failureReason } = rechecked[m.messageId] ?? m;
          const outgoing = m.direction === MessageDirection.Outgoing;
          return (
            <li
              key={m.messageId}
              className={`inbox-message ${outgoing ? "is-outgoing" : "is-incoming"}${status === "failed" ? " is-failed" : ""}`}
            >
              <p className="inbox-message-text">{m.content}</p>
              <p className="inbox-message-meta">
                <time dateTime={m.createdAt}>{messageTime(m.createdAt, timezone)}</time>
                {outgoing ? <span data-status={status}> · {STATUS_TEXT[status]}</span> : null}
              </p>
              {outgoing && status === "failed" ? (
                <Form method="post" className="inbox-resend">
                  {failureReason ? <span className="inbox-failure">{failureReason}</span> : null}
                  <input type="hidden" name="messageId" value={m.messageId} />
                  <button type="submit" name="intent" value="resend" className="button button-link">
                    Resend
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ol>
      {messages.page > 1 ? (
        <Link className="inbox-older" to={here({ mpage: messages.page > 2 ? messages.page - 1 : null })}>
          Newer messages
        </Link>
      ) : null}
      <Form method="post" className="inbox-compose" key={draftKey} onSubmit={() => removeDraft(draftKey)}>
        <input type="hidden" name="conversationId" value={conversation.conversationId} />
        <ComposeField
          id="inbox-message"
          draftKey={draftKey}
          error={errors.content}
          defaultValue={result?.values?.intent === "send" ? result.values.content : undefined}
        />
        <button type="submit" name="intent" value="send" className="button button-primary" disabled={sending}>
          {sending ? "Sending..." : "Send"}
        </button>
      </Form>
    </section>
  );
}

/** Starting a conversation by phone number (US or Canada). */
export function InboxStart({ state, result }: { state: ListState; result: FormResult }) {
  const errors = result?.values?.intent === "start" ? (result.errors ?? {}) : {};
  const values = result?.values?.intent === "start" ? result.values : undefined;
  return (
    <section className="inbox-thread" aria-labelledby="inbox-start-title">
      <header className="inbox-thread-head">
        <Link to={inboxHref(state)} className="inbox-back">
          ‹ Conversations
        </Link>
        <h2 id="inbox-start-title">New conversation</h2>
      </header>
      <Form method="post" className="inbox-compose" onSubmit={() => removeDraft("new")}>
        <div className="field">
          <label htmlFor="inbox-phone">Phone number</label>
          <input
            id="inbox-phone"
            type="tel"
            name="phoneNumber"
            autoComplete="off"
            defaultValue={values?.phoneNumber}
            aria-invalid={errors.phoneNumber ? true : undefined}
            aria-describedby={errors.phoneNumber ? "inbox-phone-error" : undefined}
          />
          {errors.phoneNumber ? (
            <p id="inbox-phone-error" className="field-error">
              {errors.phoneNumber}
            </p>
          ) : null}
        </div>
        <ComposeField id="inbox-new-message" draftKey="new" error={errors.content} defaultValue={values?.content} />
        <button type="submit" name="intent" value="start" className="button button-primary">
          Send
        </button>
      </Form>
    </section>
  );
}
