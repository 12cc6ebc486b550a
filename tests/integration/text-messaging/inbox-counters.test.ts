import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { conversationCounts, conversationMessages, conversations } from "~/db/schema";
import { receiveInboxText } from "~/models/text-messaging/conversation-messages.server";
import { markConversationRead, searchConversations } from "~/models/text-messaging/conversations.server";
import { loader as conversationsLoader } from "~/routes/api+/text-messaging+/conversations";
import { loader as messagesLoader } from "~/routes/api+/text-messaging+/conversations_.$id_.messages";
import { useTestDatabase } from "../../helpers/db";
import { sessionCookie } from "../../helpers/factories";
import { callRoute } from "../route-call";
import { inboxCompany } from "./inbox-world";

useTestDatabase();

// The inbox list's totals come from counters (conversation_counts, conversations.message_count)
// kept in the same transactions as the writes: these check they stay equal to a real count.

const NUMBER = "+14155550150";
const OTHER_NUMBER = "+14155550151";
let company: { companyId: number; userId: number };
let other: { companyId: number; userId: number };
let cookie: string;
let sid = 0;

const arrive = (
  companyId: number,
  from: string,
  body = "Hello",
  messageSid = `SMc${String(++sid).padStart(31, "0")}`,
) => receiveInboxText({ companyId, from, to: NUMBER, body, messageSid });

async function counters(companyId: number) {
  const [row] = await db.select().from(conversationCounts).where(eq(conversationCounts.companyId, companyId));
  return { conversations: row?.conversations ?? 0, unread: row?.unreadConversations ?? 0 };
}

/** What the counters should say, counted. */
async function counted(companyId: number) {
  const [row] = await db
    .select({
      conversations: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${conversations.unreadCount} > 0))::int`,
    })
    .from(conversations)
    .where(eq(conversations.companyId, companyId));
  return row;
}

/** The unread messages kept on the counter row and summed over the conversations. */
async function unreadMessages(companyId: number) {
  const [row] = await db.select().from(conversationCounts).where(eq(conversationCounts.companyId, companyId));
  const [real] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(eq(conversations.companyId, companyId));
  return { kept: row?.unreadMessages ?? 0, real: real.n };
}

async function messageCount(conversationId: number) {
  const [row] = await db
    .select({ kept: conversations.messageCount })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const [real] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId));
  return { kept: row.kept, real: real.n };
}

beforeAll(async () => {
  company = await inboxCompany(NUMBER);
  other = await inboxCompany(OTHER_NUMBER);
  cookie = await sessionCookie(company.userId);
});

describe("the inbox counters", () => {
  it("count a new conversation and its first unread message once; a replayed webhook moves nothing", async () => {
    const first = await arrive(company.companyId, "+16045550101", "Hi", "SMreplayed000000000000000000000001");
    expect(await counters(company.companyId)).toEqual({ conversations: 1, unread: 1 });
    // A second text in the same conversation: still one conversation, one unread conversation.
    await arrive(company.companyId, "+16045550101", "Again");
    expect(await counters(company.companyId)).toEqual({ conversations: 1, unread: 1 });
    expect(await arrive(company.companyId, "+16045550101", "Hi", "SMreplayed000000000000000000000001")).toBeNull();
    expect(await counters(company.companyId)).toEqual({ conversations: 1, unread: 1 });
    expect(await counters(company.companyId)).toEqual(await counted(company.companyId));
    expect(await messageCount(first!.conversationId)).toEqual({ kept: 2, real: 2 });
    expect(await unreadMessages(company.companyId)).toEqual({ kept: 2, real: 2 });
  });

  it("reading takes the conversation out of the unread count once; a new text puts it back", async () => {
    const second = await arrive(company.companyId, "+16045550102");
    expect(await counters(company.companyId)).toEqual({ conversations: 2, unread: 2 });
    await arrive(company.companyId, "+16045550102");
    expect(await unreadMessages(company.companyId)).toEqual({ kept: 4, real: 4 });
    expect(await markConversationRead(company, second!.conversationId)).toBe(true);
    expect(await markConversationRead(company, second!.conversationId)).toBe(true);
    expect(await counters(company.companyId)).toEqual({ conversations: 2, unread: 1 });
    expect(await unreadMessages(company.companyId)).toEqual({ kept: 2, real: 2 });
    await arrive(company.companyId, "+16045550102");
    expect(await counters(company.companyId)).toEqual({ conversations: 2, unread: 2 });
    expect(await counters(company.companyId)).toEqual(await counted(company.companyId));
    expect(await unreadMessages(company.companyId)).toEqual({ kept: 3, real: 3 });
  });

  it("another company's texts and reads move only its own counters", async () => {
    const before = await counters(company.companyId);
    const foreign = await arrive(other.companyId, "+16045550101");
    expect(await counters(other.companyId)).toEqual({ conversations: 1, unread: 1 });
    // Reading the other company's conversation is refused and moves nothing.
    expect(await markConversationRead(company, foreign!.conversationId)).toBe(false);
    expect(await counters(other.companyId)).toEqual({ conversations: 1, unread: 1 });
    expect(await counters(company.companyId)).toEqual(before);
    expect(await unreadMessages(other.companyId)).toEqual({ kept: 1, real: 1 });
  });

  it("gives the list's totals from the counters and the same rows from either end", async () => {
    for (let i = 3; i <= 9; i++) await arrive(company.companyId, `+160455501${String(i).padStart(2, "0")}`);
    const list = (path: string) => callRoute(conversationsLoader, path, { cookie });
    const all = await list("/api/text-messaging/conversations?pageSize=100");
    expect(all.body.total).toBe(9);
    const order = all.body.items.map((c: { conversationId: number }) => c.conversationId);
    // Page 4 of 2 per page is past the middle: read from the oldest end, the same rows.
    const deep = await list("/api/text-messaging/conversations?pageSize=2&pageNumber=4");
    expect(deep.body).toMatchObject({ total: 9, pageNumber: 4, pageSize: 2 });
    expect(deep.body.items.map((c: { conversationId: number }) => c.conversationId)).toEqual(order.slice(6, 8));
    const last = await list("/api/text-messaging/conversations?pageSize=2&pageNumber=5");
    expect(last.body.items.map((c: { conversationId: number }) => c.conversationId)).toEqual(order.slice(8));
    await markConversationRead(company, order[0]);
    const unread = await list("/api/text-messaging/conversations?onlyUnread=true&pageSize=100");
    expect(unread.body.total).toBe(8);
    expect(unread.body.items).toHaveLength(8);
  });

  it("counts a search up to its cap, or from its last page", async () => {
    const found = await searchConversations(company, {
      paging: { pageNumber: 1, pageSize: 2 },
      searchQuery: "604 555 01",
      onlyUnread: false,
    });
    expect(found).toMatchObject({ total: 9, totalIsCapped: false });
    const middle = await searchConversations(company, {
      paging: { pageNumber: 1, pageSize: 100 },
      searchQuery: "5550105",
      onlyUnread: false,
    });
    expect(middle.items.map((c) => c.phoneNumber)).toEqual(["+16045550105"]);
    expect(middle.total).toBe(1);
  });

  it("pages a thread from its message counter, the oldest pages read from the other end", async () => {
    const thread = await arrive(company.companyId, "+16045550190", "m1");
    for (let i = 2; i <= 7; i++) await arrive(company.companyId, "+16045550190", `m${i}`);
    expect(await messageCount(thread!.conversationId)).toEqual({ kept: 7, real: 7 });
    const page = (n: number) =>
      callRoute(
        messagesLoader,
        `/api/text-messaging/conversations/${thread!.conversationId}/messages?pageSize=2&pageNumber=${n}`,
        { cookie },
        { id: String(thread!.conversationId) },
      );
    const contents = async (n: number) => (await page(n)).body.items.map((m: { content: string }) => m.content);
    expect((await page(1)).body.total).toBe(7);
    expect(await contents(1)).toEqual(["m7", "m6"]);
    expect(await contents(3)).toEqual(["m3", "m2"]);
    expect(await contents(4)).toEqual(["m1"]);
    expect(await contents(5)).toEqual([]);
  });
});
