import { and, asc, desc, eq, gt, or, sql, type SQL } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import { conversationCounts, conversations, customers, textMessagingAccounts } from "~/db/schema";
import { pageTotal, scanWindow, type ScanWindow } from "~/models/list-pages";
import { searchQueryTerms } from "~/models/customers/customers.server";
import type { Paging } from "~/http/query-schemas";

/** A conversation as the inbox and the API show it (spec part 2 section 3, "Conversation"). */
export const conversationColumns = {
  conversationId: conversations.id,
  phoneNumber: conversations.phoneNumber,
  customerId: conversations.customerId,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  unreadCount: conversations.unreadCount,
  lastMessageId: conversations.lastMessageId,
  lastMessageContent: conversations.lastMessageContent,
  lastActivityAt: conversations.lastActivityAt,
  status: conversations.status,
};
type ConversationRow = {
  conversationId: number;
  phoneNumber: string;
  customerId: number | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  unreadCount: number;
  lastMessageId: number | null;
  lastMessageContent: string | null;
  lastActivityAt: Date;
  status: number;
};

export function conversationView(row: ConversationRow) {
  const activity = row.lastActivityAt.toISOString();
  return {
    conversationId: row.conversationId,
    phoneNumber: row.phoneNumber,
    customerId: row.customerId,
    customerName: row.customerFirstName
      ? [row.customerFirstName, row.customerLastName].filter(Boolean).join(" ")
      : null,
    unreadCount: row.unreadCount,
    lastMessage: row.lastMessageId
      ? {
          messageId: row.lastMessageId,
          content: row.lastMessageContent,
          lastActivityDate: activity,
          deliveredOn: activity,
        }
      : null,
    status: row.status,
  };
}
export type Conversation = ReturnType<typeof conversationView>;

const customerJoin = () =>
  and(eq(customers.id, conversations.customerId), eq(customers.companyId, conversations.companyId));

/** One conversation of the company, or null (another company's is as missing as a deleted one). */
export async function getConversation(ctx: Pick<CallerContext, "companyId">, id: number, exec: Executor = db) {
  const [row] = await exec
    .select(conversationColumns)
    .from(conversations)
    .leftJoin(customers, customerJoin())
    .where(and(eq(conversations.id, id), eq(conversations.companyId, ctx.companyId)))
    .limit(1);
  return row ? conversationView(row) : null;
}

export type ConversationPage = { items: Conversation[]; total: number; totalIsCapped: boolean };

type ListInput = { paging: Pick<Paging, "pageNumber" | "pageSize">; onlyUnread: boolean };

/**
 * Moves the company's conversation counters (the inbox list's totals) in the caller's transaction:
 * `conversations` when one is started, `unread` when one gains its first unread message or is read.
 */
export async function adjustConversationCounts(
  exec: Executor,
  companyId: number,
  by: { conversations?: number; unread?: number; unreadMessages?: number },
) {
  const conversationsBy = by.conversations ?? 0;
  const unreadBy = by.unread ?? 0;
  const messagesBy = by.unreadMessages ?? 0;
  if (!conversationsBy && !unreadBy && !messagesBy) return;
  await exec
    .insert(conversationCounts)
    .values({
      companyId,
      conversations: Math.max(conversationsBy, 0),
      unreadConversations: Math.max(unreadBy, 0),
      unreadMessages: Math.max(messagesBy, 0),
    })
    .onConflictDoUpdate({
      target: conversationCounts.companyId,
      set: {
        conversations: sql`greatest(${conversationCounts.conversations} + ${conversationsBy}, 0)`,
        unreadConversations: sql`greatest(${conversationCounts.unreadConversations} + ${unreadBy}, 0)`,
        unreadMessages: sql`greatest(${conversationCounts.unreadMessages} + ${messagesBy}, 0)`,
      },
    });
}

/** The list's total from the company's counter row (all conversations, or those with unread messages). */
async function countedConversations(companyId: number, onlyUnread: boolean): Promise<number> {
  const [row] = await db
    .select({ n: onlyUnread ? conversationCounts.unreadConversations : conversationCounts.conversations })
    .from(conversationCounts)
    .where(eq(conversationCounts.companyId, companyId));
  return row?.n ?? 0;
}

/** The header's unread dot: one counter row, whatever the number of conversations. */
export const hasUnreadConversations = async (companyId: number) => (await countedConversations(companyId, true)) > 0;

/**
 * The inbox list, newest activity first: its total from the company's counter, one range of
 * (company, last activity, id) or the partial index for the unread filter; a page past the middle
 * reads from the far end (list-pages).
 */
export async function listConversations(
  ctx: Pick<CallerContext, "companyId">,
  input: ListInput,
): Promise<ConversationPage> {
  const { paging } = input;
  const total = await countedConversations(ctx.companyId, input.onlyUnread);
  const offset = (paging.pageNumber - 1) * paging.pageSize;
  if (offset >= total) return { items: [], total, totalIsCapped: false };
  const items = await pageOf(listWhere(ctx, input.onlyUnread), scanWindow(offset, paging.pageSize, total));
  return { items, total, totalIsCapped: false };
}

/**
 * The screen's page: no total, one row more than the page tells whether there is an older page.
 */
export async function conversationsScreenPage(ctx: Pick<CallerContext, "companyId">, input: ListInput) {
  const { paging } = input;
  const items = await pageOf(listWhere(ctx, input.onlyUnread), {
    fromEnd: false,
    limit: paging.pageSize + 1,
    offset: (paging.pageNumber - 1) * paging.pageSize,
  });
  return { items: items.slice(0, paging.pageSize), hasOlder: items.length > paging.pageSize };
}

const listWhere = (ctx: Pick<CallerContext, "companyId">, onlyUnread: boolean) =>
  and(eq(conversations.companyId, ctx.companyId), onlyUnread ? gt(conversations.unreadCount, 0) : undefined);

/** The window's ids, read from the index alone (from the far end too: the page query sorts them back). */
function pageIdsQuery(where: SQL | undefined, window: ScanWindow) {
  const direction = window.fromEnd ? asc : desc;
  return db
    .select({ pageId: sql<number>`${conversations.id}`.as("page_id") })
    .from(conversations)
    .where(where)
    .orderBy(direction(conversations.lastActivityAt), direction(conversations.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** A deferred join: the window's ids first (index only), then their rows, in one round trip. */
async function pageOf(where: SQL | undefined, window: ScanWindow): Promise<Conversation[]> {
  if (window.limit <= 0) return [];
  const page = pageIdsQuery(where, window).as("page");
  const rows = await db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(page, eq(conversations.id, page.pageId))
    .leftJoin(customers, customerJoin())
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id));
  return rows.map(conversationView);
}

/** Searches are counted up to this many matches (then totalIsCapped). */
const SEARCH_COUNT_CAP = 1000;

/**
 * Search by the other side's number (its digits, anywhere, through the conversations' own search
 * index) or by the linked customer's name and phones (the customers' search index). Message text
 * is not searched: it would mean scanning every message of the company. The last page tells its
 * total; otherwise the matches are counted up to a cap.
 */
export async function searchConversations(
  ctx: Pick<CallerContext, "companyId">,
  {
    paging,
    searchQuery,
    onlyUnread,
  }: { paging: Pick<Paging, "pageNumber" | "pageSize">; searchQuery: string; onlyUnread: boolean },
): Promise<ConversationPage> {
  const query = searchQuery.trim();
  if (!query) return listConversations(ctx, { paging, onlyUnread });
  const matches: SQL[] = [];
  const digits = query.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(query))
    // Every ending of the number is a word of its index: a prefix of one is the digits anywhere.
    matches.push(sql`${conversations.searchVector} @@ to_tsquery('simple', ${`${digits}:*`})`);
  const terms = searchQueryTerms(query);
  if (terms) {
    // The matching customers' ids, gathered first (an array, not a join): the planner would
    // otherwise walk every conversation to test its customer.
    const matchingCustomers = db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, ctx.companyId),
          sql`${customers.deletedAt} is null`,
          sql`${customers.searchVector} @@ to_tsquery('simple', ${terms})`,
        ),
      );
    matches.push(sql`${conversations.customerId} = any(array(${matchingCustomers}))`);
  }
  if (!matches.length) return { items: [], total: 0, totalIsCapped: false };
  const where = and(
    eq(conversations.companyId, ctx.companyId),
    onlyUnread ? gt(conversations.unreadCount, 0) : undefined,
    or(...matches),
  );
  const offset = (paging.pageNumber - 1) * paging.pageSize;
  const items = await pageOf(where, { fromEnd: false, limit: paging.pageSize, offset });
  const { total, totalIsCapped } = await pageTotal({
    knownTotal: null,
    offset,
    pageSize: paging.pageSize,
    rowCount: items.length,
    hits: async () => {
      const hits = db
        .select({ one: sql`1` })
        .from(conversations)
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(hits.as("hits"));
      return row.n;
    },
    cap: SEARCH_COUNT_CAP,
  });
  return { items, total, totalIsCapped };
}

/**
 * Opening a conversation reads it: its unread count goes to 0 (and the company's unread counter
 * with it, in the same transaction). False when the company has no such conversation.
 */
export async function markConversationRead(ctx: Pick<CallerContext, "companyId">, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked while read: an incoming text waits, so the counters lose none of its unread message.
    const [conversation] = await tx
      .select({ unreadCount: conversations.unreadCount })
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.companyId, ctx.companyId)))
      .for("update");
    if (!conversation) return false;
    if (conversation.unreadCount > 0) {
      await tx.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, id));
      await adjustConversationCounts(tx, ctx.companyId, { unread: -1, unreadMessages: -conversation.unreadCount });
    }
    return true;
  });
}

/** Unread messages over all the company's conversations (the header's dot, the inbox's total), from its counter row. */
export async function totalUnreadCount(companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: conversationCounts.unreadMessages })
    .from(conversationCounts)
    .where(eq(conversationCounts.companyId, companyId));
  return row?.total ?? 0;
}

/** The company's SMS segment balance; a company without an account row has none. */
export async function segmentsBalance(companyId: number) {
  const [row] = await db
    .select({
      balance: textMessagingAccounts.smsSegmentsBalance,
      limitReached: textMessagingAccounts.segmentLimitReached,
    })
    .from(textMessagingAccounts)
    .where(eq(textMessagingAccounts.companyId, companyId));
  const balance = row?.balance ?? 0;
  return { availableSmsSegmentsBalance: balance, segmentLimitReached: (row?.limitReached ?? false) || balance <= 0 };
}
