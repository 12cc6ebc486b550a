import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  conversationCounts,
  conversationMessages,
  conversations,
  customers,
  outboxMessages,
  textMessagingAccounts,
} from "~/db/schema";
import "~/models/text-messaging/inbox-hooks.server";
import { action as incomingAction } from "~/routes/api+/webhooks+/twilio.incoming";
import { action as statusAction } from "~/routes/api+/webhooks+/twilio.status";
import { loader as conversationsLoader } from "~/routes/api+/text-messaging+/conversations";
import { loader as searchLoader } from "~/routes/api+/text-messaging+/conversations_.search";
import { loader as conversationLoader } from "~/routes/api+/text-messaging+/conversations_.$id";
import { action as readAction } from "~/routes/api+/text-messaging+/conversations_.$id_.read";
import { loader as messagesLoader } from "~/routes/api+/text-messaging+/conversations_.$id_.messages";
import { loader as unreadLoader } from "~/routes/api+/text-messaging+/conversations_.messages.total-unread-count";
import { loader as balanceLoader } from "~/routes/api+/text-messaging+/available-sms-segments-balance";
import { action as sendAction } from "~/routes/api+/text-messaging+/outgoing-message";
import { loader as messageLoader } from "~/routes/api+/text-messaging+/outgoing-message_.$id";
import { action as resendAction } from "~/routes/api+/text-messaging+/outgoing-message_.$id_.resend";
import { createRealtimeHubs, RealtimeEvent } from "~/services/realtime/index.server";
import { useTestDatabase } from "../../helpers/db";
import { sessionCookie } from "../../helpers/factories";
import { TEST_TWILIO, twilioSignature, useLocalTwilio } from "../../helpers/twilio-server";
import { hubClient, listenWithHubs, nextEvent } from "../realtime/clients";
import { callRoute, type Route } from "../route-call";
import { addCustomer, inboxCompany, setBalance } from "./inbox-world";

// Twilio's settings are read from the environment once: the local API must be up before that.
const twilioApi = await useLocalTwilio();

useTestDatabase();

const NUMBER = "+14155550140";
const OTHER_NUMBER = "+14155550141";
const CUSTOMER_PHONE = "+14155550177";
const STRANGER = "+16045550123";
const INCOMING_URL = "http://localhost/api/webhooks/twilio/incoming";
const STATUS_URL = "http://localhost/api/webhooks/twilio/status";

let company: { companyId: number; userId: number };
let other: { companyId: number; userId: number };
let cookie: string;
let otherCookie: string;
let customerId: number;
let sid = 0;

function signed(url: string, params: Record<string, string>, signature?: string) {
  const full = { AccountSid: TEST_TWILIO.accountSid, ...params };
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": signature ?? twilioSignature(url, full),
    },
    body: new URLSearchParams(full).toString(),
  });
}

const text = (from: string, body: string, to = NUMBER, messageSid = `SM${String(++sid).padStart(32, "0")}`) => ({
  MessageSid: messageSid,
  From: from,
  To: to,
  Body: body,
});

async function post(fn: Route, request: Request) {
  try {
    return await fn({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const api = (
  fn: Route,
  path: string,
  params: Record<string, string> = {},
  init: Parameters<typeof callRoute>[2] = {},
) => callRoute(fn, path, { cookie, ...init }, params);

const messagesOf = (conversationId: number) =>
  db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId));

beforeAll(async () => {
  company = await inboxCompany(NUMBER, 3);
  other = await inboxCompany(OTHER_NUMBER, 100);
  cookie = await sessionCookie(company.userId);
  otherCookie = await sessionCookie(other.userId);
  customerId = await addCustomer(company.companyId, {
    firstName: "Nora",
    lastName: "Quill",
    secondaryPhoneNumbers: [CUSTOMER_PHONE],
  });
  // Another company's customer with the same number is never linked here.
  await addCustomer(other.companyId, { firstName: "Elsewhere", mainPhoneNumber: CUSTOMER_PHONE });
});

describe("incoming texts through the signed webhook", () => {
  it("stores a text once per MessageSid, in the conversation linked to the customer, and tells the company", async () => {
    const hubs = createRealtimeHubs({ isCrossSite: () => false });
    const site = await listenWithHubs(hubs);
    const client = hubClient(`${site.origin}/hubs/private`, { cookie: await sessionCookie(company.userId) });
    await client.start();
    try {
      const event = nextEvent(client, RealtimeEvent.TwoWayTextNotification);
      const params = text(CUSTOMER_PHONE, "Is Tuesday still on?");
      expect((await post(incomingAction, signed(INCOMING_URL, params))).status).toBe(200);
      const [payload] = (await event) as [Record<string, any>];
      expect(payload).toMatchObject({
        notificationType: 0,
        conversationId: expect.any(Number),
        conversation: { customerId, customerName: "Nora Quill", unreadCount: 1 },
        message: { content: "Is Tuesday still on?", status: "received", direction: 0 },
      });
      // The replay (Twilio retries the same MessageSid) stores nothing new.
      expect((await post(incomingAction, signed(INCOMING_URL, params))).status).toBe(200);
      const stored = await messagesOf(payload.conversationId);
      expect(stored).toHaveLength(1);
      const [conversation] = await db.select().from(conversations).where(eq(conversations.id, payload.conversationId));
      expect(conversation).toMatchObject({ unreadCount: 1, customerId, lastMessageContent: "Is Tuesday still on?" });
    } finally {
      await client.stop();
      await hubs.close();
      await site.close();
    }
  });

  it("starts a customer-less conversation for an unknown sender, and another company never sees it", async () => {
    await post(incomingAction, signed(INCOMING_URL, text(STRANGER, "Who is this?")));
    await post(incomingAction, signed(INCOMING_URL, text(STRANGER, "Other company", OTHER_NUMBER)));
    const mine = await api(conversationsLoader, "/api/text-messaging/conversations");
    expect(mine.status).toBe(200);
    const stranger = mine.body.items.find((c: any) => c.phoneNumber === STRANGER);
    expect(stranger).toMatchObject({ customerId: null, customerName: null, lastMessage: { content: "Who is this?" } });
    expect(JSON.stringify(mine.body)).not.toContain("Other company");
    const theirs = await callRoute(conversationsLoader, "/api/text-messaging/conversations", { cookie: otherCookie });
    expect(theirs.body.items).toHaveLength(1);
    expect(theirs.body.items[0]).toMatchObject({ phoneNumber: STRANGER, lastMessage: { content: "Other company" } });
    expect(JSON.stringify(theirs.body)).not.toContain("Who is this?");
    expect(JSON.stringify(theirs.body)).not.toContain("Nora");
  });

  it("stores nothing for a bad signature, and STOP and START turn texts off and on without reaching the inbox", async () => {
    const before = (await db.select().from(conversationMessages)).length;
    const bad = await post(incomingAction, signed(INCOMING_URL, text(STRANGER, "forged"), "bad-signature"));
    expect(bad.status).toBe(403);
    // Signed, but to a number no company has: answered, stored nowhere.
    const nowhere = await post(incomingAction, signed(INCOMING_URL, text(STRANGER, "to nobody", "+14155550199")));
    expect(nowhere.status).toBe(200);
    expect((await db.select().from(conversationMessages)).length).toBe(before);
    await addCustomer(company.companyId, {
      firstName: "Stan",
      mainPhoneNumber: "+14155550188",
      areTextMessagesAllowed: true,
    });
    const stanAllowed = async () => {
      const [stan] = await db
        .select({ allowed: customers.areTextMessagesAllowed })
        .from(customers)
        .where(and(eq(customers.companyId, company.companyId), eq(customers.firstName, "Stan")));
      return stan.allowed;
    };
    await post(incomingAction, signed(INCOMING_URL, text("+14155550188", "STOP")));
    expect((await db.select().from(conversationMessages)).length).toBe(before);
    expect(await stanAllowed()).toBe(false);
    // A forged START changes nothing; a signed one turns texts back on, still outside the inbox.
    const forged = await post(incomingAction, signed(INCOMING_URL, text("+14155550188", "START"), "bad-signature"));
    expect(forged.status).toBe(403);
    expect(await stanAllowed()).toBe(false);
    expect((await post(incomingAction, signed(INCOMING_URL, text("+14155550188", " start ")))).status).toBe(200);
    expect(await stanAllowed()).toBe(true);
    expect((await db.select().from(conversationMessages)).length).toBe(before);
    const stanConversations = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.companyId, company.companyId), eq(conversations.phoneNumber, "+14155550188")));
    expect(stanConversations).toHaveLength(0);
  });

  it("lists newest first with the unread filter and search, and opening one marks it read", async () => {
    const all = await api(conversationsLoader, "/api/text-messaging/conversations?pageSize=10");
    expect(all.body.items.map((c: any) => c.phoneNumber)).toEqual([STRANGER, CUSTOMER_PHONE]);
    expect(all.body).toMatchObject({ total: 2, pageNumber: 1, pageSize: 10 });
    // The spec's {onlyUnread, paging}: the paging object in brackets reads the same.
    const second = await api(
      conversationsLoader,
      "/api/text-messaging/conversations?onlyUnread=false&paging[pageNumber]=2&paging[pageSize]=1",
    );
    expect(second.body).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(second.body.items.map((c: any) => c.phoneNumber)).toEqual([CUSTOMER_PHONE]);
    expect((await api(unreadLoader, "/api/text-messaging/conversations/messages/total-unread-count")).body).toEqual({
      count: 2,
    });
    const nora = all.body.items[1].conversationId;
    const read = await api(
      readAction,
      `/api/text-messaging/conversations/${nora}/read`,
      { id: String(nora) },
      { method: "PATCH" },
    );
    expect(read.body.data).toMatchObject({ conversationId: nora, unreadCount: 0 });
    const unread = await api(conversationsLoader, "/api/text-messaging/conversations?onlyUnread=true");
    expect(unread.body.items.map((c: any) => c.phoneNumber)).toEqual([STRANGER]);
    const byName = await api(searchLoader, "/api/text-messaging/conversations/search?searchQuery=quill");
    expect(byName.body.items.map((c: any) => c.conversationId)).toEqual([nora]);
    const byNumber = await api(searchLoader, "/api/text-messaging/conversations/search?searchQuery=604555");
    expect(byNumber.body.items.map((c: any) => c.phoneNumber)).toEqual([STRANGER]);
    const one = await api(conversationLoader, `/api/text-messaging/conversations/${nora}`, { id: String(nora) });
    expect(one.body.data).toMatchObject({ customerName: "Nora Quill", unreadCount: 0 });
  });
});

describe("sending from the inbox", () => {
  let conversationId: number;

  it("queues the text, takes its segments, sends it through Twilio from the company's number; delivered by callback", async () => {
    const before = twilioApi.texts.length;
    const sent = await api(
      sendAction,
      "/api/text-messaging/outgoing-message",
      {},
      {
        method: "POST",
        json: { phoneNumber: "(415) 555-0177", content: "Yes, Tuesday at 9." },
      },
    );
    expect(sent.status).toBe(201);
    conversationId = sent.body.data.conversation.conversationId;
    expect(sent.body.data.conversation).toMatchObject({ customerId, lastMessage: { content: "Yes, Tuesday at 9." } });
    expect(sent.body.data.message).toMatchObject({ status: "sent", segments: 1, phoneNumber: CUSTOMER_PHONE });
    expect(twilioApi.texts.length).toBe(before + 1);
    const out = twilioApi.texts.at(-1)!;
    expect(out).toMatchObject({ to: CUSTOMER_PHONE, from: NUMBER, body: "Yes, Tuesday at 9." });
    const [outbox] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `two-way:${sent.body.data.message.messageId}`));
    expect(outbox.providerId).toBe(out.sid);
    const [account] = await db
      .select()
      .from(textMessagingAccounts)
      .where(eq(textMessagingAccounts.companyId, company.companyId));
    expect(account.smsSegmentsBalance).toBe(2);

    const callback = await post(statusAction, signed(STATUS_URL, { MessageSid: out.sid, MessageStatus: "delivered" }));
    expect(callback.status).toBe(204);
    const id = sent.body.data.message.messageId;
    const state = await api(messageLoader, `/api/text-messaging/outgoing-message/${id}`, { id: String(id) });
    expect(state.body.data).toMatchObject({ status: "delivered", deliveredOn: expect.any(String) });
  });

  it("validates the text: required, at most 254 characters, and a phone number of the US or Canada", async () => {
    const send = (json: unknown) =>
      api(sendAction, "/api/text-messaging/outgoing-message", {}, { method: "POST", json });
    expect((await send({ conversationId, content: "  " })).body.errors).toEqual({
      content: "Message text is required",
    });
    expect((await send({ conversationId, content: "x".repeat(255) })).body.errors).toEqual({
      content: "Message text is too long - should be 254 chars maximum",
    });
    expect((await send({ phoneNumber: "+44 20 7946 0958", content: "hi" })).body.errors).toEqual({
      phoneNumber: "Phone number must be valid",
    });
  });

  it("a failed text keeps the preview, can be resent under a new key, and the balance running out refuses with not_enough_segments", async () => {
    const sent = await api(
      sendAction,
      "/api/text-messaging/outgoing-message",
      {},
      {
        method: "POST",
        json: { conversationId, content: "This one will fail" },
      },
    );
    const id = sent.body.data.message.messageId;
    const out = twilioApi.texts.at(-1)!;
    await post(
      statusAction,
      signed(STATUS_URL, {
        MessageSid: out.sid,
        MessageStatus: "undelivered",
        ErrorCode: "30003",
        ErrorMessage: "Unreachable",
      }),
    );
    const failed = await api(messageLoader, `/api/text-messaging/outgoing-message/${id}`, { id: String(id) });
    expect(failed.body.data).toMatchObject({ status: "failed", failureReason: "Unreachable (Twilio error 30003)" });
    const conversation = await api(conversationLoader, `/api/text-messaging/conversations/${conversationId}`, {
      id: String(conversationId),
    });
    expect(conversation.body.data.lastMessage.content).toBe("Yes, Tuesday at 9.");

    // Balance is 1: the resend takes it; the next send is refused and flags the limit.
    const resent = await api(
      resendAction,
      `/api/text-messaging/outgoing-message/${id}/resend`,
      { id: String(id) },
      { method: "POST" },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data.message).toMatchObject({ messageId: id, status: "sent" });
    // Not failed any more, and the thread's latest: the preview is on it again.
    expect(resent.body.data.conversation.lastMessage.content).toBe("This one will fail");
    expect(twilioApi.texts.at(-1)!.body).toBe("This one will fail");
    const keys = (await db.select({ key: outboxMessages.dedupeKey }).from(outboxMessages)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([`two-way:${id}`, `two-way:${id}:1`]));
    // Not failed any more: resending again is refused as missing.
    expect((await api(resendAction, `/x`, { id: String(id) }, { method: "POST" })).status).toBe(404);

    const refused = await api(
      sendAction,
      "/api/text-messaging/outgoing-message",
      {},
      {
        method: "POST",
        json: { conversationId, content: "No segments left" },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe("not_enough_segments");
    expect((await api(balanceLoader, "/api/text-messaging/available-sms-segments-balance")).body.data).toEqual({
      availableSmsSegmentsBalance: 0,
      segmentLimitReached: true,
    });
    expect((await messagesOf(conversationId)).map((m) => m.content)).not.toContain("No segments left");
    await setBalance(company.companyId, 50);
  });

  it("pages a thread newest first, five times the conversation page size by default", async () => {
    const page = await api(messagesLoader, `/api/text-messaging/conversations/${conversationId}/messages`, {
      id: String(conversationId),
    });
    expect(page.body).toMatchObject({ pageNumber: 1, pageSize: 100, total: 3 });
    expect(page.body.items[0].content).toBe("This one will fail");
    const small = await api(messagesLoader, `/x?pageSize=1&pageNumber=3`, { id: String(conversationId) });
    expect(small.body.items.map((m: any) => m.content)).toEqual(["Is Tuesday still on?"]);
  });
});

describe("the inbox counters after all of the above", () => {
  it("equal a real count: conversations started by arrivals and sends, unread ones, each thread's messages", async () => {
    for (const { companyId } of [company, other]) {
      const [kept] = await db.select().from(conversationCounts).where(eq(conversationCounts.companyId, companyId));
      const [real] = await db
        .select({
          conversations: sql<number>`count(*)::int`,
          unreadConversations: sql<number>`(count(*) filter (where ${conversations.unreadCount} > 0))::int`,
        })
        .from(conversations)
        .where(eq(conversations.companyId, companyId));
      expect(kept).toMatchObject(real);
    }
    const threads = await db.select({ kept: conversations.messageCount, id: conversations.id }).from(conversations);
    for (const thread of threads) expect(thread.kept).toBe((await messagesOf(thread.id)).length);
  });
});
