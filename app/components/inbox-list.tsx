import { Form, Link } from "@remix-run/react";
import type { Conversation } from "~/models/text-messaging/conversations.server";
import { formatPhone } from "~/utils/validation";

export type ListState = { q: string; onlyUnread: boolean; page: number };

/** The inbox URL with the list's state and these changes (empty values dropped). */
export function inboxHref(state: ListState, changes: Record<string, string | number | null> = {}) {
  const params = new URLSearchParams();
  const all: Record<string, string | number | null> = {
    q: state.q || null,
    unread: state.onlyUnread ? "1" : null,
    page: state.page > 1 ? state.page : null,
    ...changes,
  };
  for (const [key, value] of Object.entries(all)) if (value !== null && value !== "") params.set(key, String(value));
  const query = params.toString();
  return `/inbox${query ? `?${query}` : ""}`;
}

export const conversationTitle = (c: Pick<Conversation, "customerName" | "phoneNumber">) =>
  c.customerName ?? formatPhone(c.phoneNumber);

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant's calendar day and time in a time zone, through one cached formatter per zone. */
function inZone(instant: string | Date, timezone: string) {
  let format = zoneFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h23",
    });
    zoneFormats.set(timezone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  return {
    year: parts.year,
    month: MONTHS[Number(parts.month) - 1],
    day: Number(parts.day),
    time: `${String(hour % 12 || 12).padStart(2, "0")}:${parts.minute} ${hour < 12 ? "am" : "pm"}`,
  };
}

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;

/**
 * `formatInZone`'s long form ("Nov 3rd, 2026 09:05 am"), the same text: a thread shows a hundred,
 * and dayjs's time zone conversion cost about 0.1 ms each (half a thread page's render).
 */
export function messageTime(instant: string, timezone: string) {
  const at = inZone(instant, timezone);
  return `${at.month} ${ordinal(at.day)}, ${at.year} ${at.time}`;
}

/** A row's time: today's as "hh:mm am", an older one's day as "MMM DD, YYYY" (formatInZone's texts). */
export function conversationTime(iso: string, timezone: string) {
  const day = ({ year, month, day }: ReturnType<typeof inZone>) => `${month} ${String(day).padStart(2, "0")}, ${year}`;
  const at = inZone(iso, timezone);
  return day(at) === day(inZone(new Date(), timezone)) ? at.time : day(at);
}

/** The conversations: search and unread filter (a GET form), the rows newest first, paging. */
export function InboxList({
  state,
  items,
  hasOlder,
  openId,
  timezone,
}: {
  state: ListState;
  items: Conversation[];
  hasOlder: boolean;
  openId: number | null;
  timezone: string;
}) {
  return (
    <section className="inbox-list" aria-labelledby="inbox-list-title">
      <div className="inbox-list-head">
        <h2 id="inbox-list-title">Conversations</h2>
        <Link to={inboxHref(state, { new: "1" })} className="button button-primary">
          New conversation
        </Link>
      </div>
      <Form method="get" action="/inbox" className="inbox-search" role="search">
        <div className="field">
          <label htmlFor="inbox-q">Search</label>
          <input
            id="inbox-q"
            type="search"
            name="q"
            defaultValue={state.q}
            placeholder="Name or phone number"
            maxLength={200}
          />
        </div>
        <label className="inbox-unread-filter">
          <input type="checkbox" name="unread" value="1" defaultChecked={state.onlyUnread} /> Unread only
        </label>
        <button type="submit" className="button">
          Apply
        </button>
      </Form>
      {items.length ? (
        <ul className="inbox-conversations" aria-live="polite">
          {items.map((c) => (
            <li key={c.conversationId}>
              <Link
                to={inboxHref(state, { conversation: c.conversationId })}
                className={`inbox-conversation${c.conversationId === openId ? " is-open" : ""}${c.unreadCount ? " is-unread" : ""}`}
                aria-current={c.conversationId === openId ? "true" : undefined}
              >
                <span className="inbox-conversation-name">{conversationTitle(c)}</span>
                {c.lastMessage ? (
                  <time className="inbox-conversation-time" dateTime={c.lastMessage.lastActivityDate}>
                    {conversationTime(c.lastMessage.lastActivityDate, timezone)}
                  </time>
                ) : null}
                <span className="inbox-conversation-preview">{c.lastMessage?.content ?? "No messages yet"}</span>
                {c.unreadCount ? (
                  <span className="counter">
                    {c.unreadCount > 99 ? "99+" : c.unreadCount}
                    <span className="visually-hidden"> unread</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted inbox-empty">{state.q || state.onlyUnread ? "No conversations match." : "No items"}</p>
      )}
      {state.page > 1 || hasOlder ? (
        <nav className="inbox-paging" aria-label="Conversation pages">
          {state.page > 1 ? <Link to={inboxHref(state, { page: state.page - 1 })}>Newer</Link> : <span />}
          <span className="muted">Page {state.page}</span>
          {hasOlder ? <Link to={inboxHref(state, { page: state.page + 1 })}>Older</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
