import { beforeAll, describe, expect, it } from "vitest";
import { AppFeature } from "~/access/features";
import { DEMO_NUMBER, startInboxServer, type InboxServer } from "../e2e/inbox-server";
import { useStarted } from "../helpers/lifecycle";

const server = useStarted<InboxServer>(startInboxServer, (s) => s.stop(), 180_000);

const HQ_NUMBER = "+17045550141";
const SENDER = "+17045550166";
let admin: { cookie: string; companyId: number };
let fieldTech: { cookie: string; companyId: number };
let hq: { cookie: string; companyId: number };
let ownConversation: number;
let foreignConversation: number;
let foreignMessage: number;

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.baseUrl}/api/text-messaging${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });

const conversationsOf = (cookie: string) =>
  call(cookie, "GET", "/conversations?pageSize=100").then(
    (r) => r.json() as Promise<{ items: Array<{ conversationId: number }> }>,
  );

/** Every inbox call about one conversation or message id, as [method, path, body]. */
const callsAbout = (conversationId: number, messageId: number): Array<[string, string, unknown?]> => [
  ["GET", `/conversations/${conversationId}`],
  ["PATCH", `/conversations/${conversationId}/read`],
  ["GET", `/conversations/${conversationId}/messages`],
  ["POST", "/outgoing-message", { conversationId, content: "Across?" }],
  ["GET", `/outgoing-message/${messageId}`],
  ["POST", `/outgoing-message/${messageId}/resend`],
];

beforeAll(async () => {
  admin = await server.signIn("company admin");
  fieldTech = await server.signIn("field tech");
  hq = await server.signIn("super admin");
  await server.enable(admin.companyId, DEMO_NUMBER, 20);
  await server.enable(hq.companyId, HQ_NUMBER, 20);
  expect((await server.incoming({ from: SENDER, body: "Hello Blue Ridge" })).status).toBe(200);
  expect((await server.incoming({ from: SENDER, body: "Hello HQ", to: HQ_NUMBER })).status).toBe(200);
  ownConversation = (await conversationsOf(admin.cookie)).items[0].conversationId;
  foreignConversation = (await conversationsOf(hq.cookie)).items[0].conversationId;
  const sent = await call(hq.cookie, "POST", "/outgoing-message", {
    conversationId: foreignConversation,
    content: "HQ reply",
  });
  expect(sent.status).toBe(201);
  foreignMessage = ((await sent.json()) as { data: { message: { messageId: number } } }).data.message.messageId;
  // Failed, so that a resend of it would be allowed to its own company.
  await server.sql(`update conversation_messages set status = 'failed' where id = $1`, [foreignMessage]);
}, 180_000);

describe("tenancy", () => {
  it("answers 404 to every call about another company's conversation or message, and changes nothing", async () => {
    const before = await server.sql<{ n: number }>("select count(*)::int as n from conversation_messages");
    for (const [method, path, body] of callsAbout(foreignConversation, foreignMessage)) {
      const response = await call(admin.cookie, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ exceptionType: "not_found" });
    }
    expect(await server.sql<{ n: number }>("select count(*)::int as n from conversation_messages")).toEqual(before);
    const [foreign] = await server.sql<{ unread_count: number }>(
      "select unread_count from conversations where id = $1",
      [foreignConversation],
    );
    expect(foreign.unread_count).toBe(1);
    const lists = JSON.stringify(await conversationsOf(admin.cookie));
    expect(lists).not.toContain("HQ");
    const search = await call(admin.cookie, "GET", "/conversations/search?searchQuery=7045550166");
    expect(
      ((await search.json()) as { items: Array<{ conversationId: number }> }).items.map((c) => c.conversationId),
    ).toEqual([ownConversation]);
  });

  it("shows another company's conversation on the inbox screen as missing", async () => {
    const page = await fetch(`${server.baseUrl}/inbox?conversation=${foreignConversation}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This conversation does not exist.");
    expect(html).not.toContain("Hello HQ");
    const resend = await fetch(`${server.baseUrl}/inbox`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "resend", messageId: String(foreignMessage) }).toString(),
      redirect: "manual",
    });
    expect(resend.status).toBe(404);
  });
});

describe("gates", () => {
  it("lets a field tech of the company use the inbox (the spec opens it to any signed-in role)", async () => {
    expect((await call(fieldTech.cookie, "GET", "/conversations")).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/inbox`, { headers: { Cookie: fieldTech.cookie } })).status).toBe(200);
  });

  it("refuses every call, the screen and the header icon without the application feature or without the enabled setting", async () => {
    const paths: Array<[string, string, unknown?]> = [
      ["GET", "/conversations"],
      ["GET", "/conversations/search?searchQuery=1"],
      ["GET", "/conversations/messages/total-unread-count"],
      ["GET", "/available-sms-segments-balance"],
      ...callsAbout(ownConversation, 1),
    ];
    const gates = [
      `update companies set two_way_text_enabled = false where id = $1`,
      `update companies set two_way_text_enabled = true, feature_flags = feature_flags & ~${AppFeature.TwoWayText} where id = $1`,
    ];
    try {
      for (const gate of gates) {
        await server.sql(gate, [admin.companyId]);
        for (const [method, path, body] of paths) {
          const response = await call(admin.cookie, method, path, body);
          expect(response.status, `${gate}: ${method} ${path}`).toBe(403);
        }
        const screen = await fetch(`${server.baseUrl}/inbox`, { headers: { Cookie: admin.cookie } });
        expect(screen.status).toBe(403);
        const home = await (await fetch(`${server.baseUrl}/jobs`, { headers: { Cookie: admin.cookie } })).text();
        expect(home).not.toContain('aria-label="Inbox');
      }
    } finally {
      await server.sql(
        `update companies set two_way_text_enabled = true, feature_flags = feature_flags | ${AppFeature.TwoWayText} where id = $1`,
        [admin.companyId],
      );
    }
    const home = await (await fetch(`${server.baseUrl}/jobs`, { headers: { Cookie: admin.cookie } })).text();
    expect(home).toContain('aria-label="Inbox, unread messages"');
  });

  it("answers 401 without a session", async () => {
    expect((await call("", "GET", "/conversations")).status).toBe(401);
    expect((await call("", "POST", "/outgoing-message", { phoneNumber: SENDER, content: "x" })).status).toBe(401);
  });
});

describe("junk in the payload", () => {
  it("answers 400 with field errors and sends nothing", async () => {
    const texts = server.twilioApi.texts.length;
    const junk: unknown[] = [
      "not json",
      { content: { $gt: "" }, conversationId: ownConversation },
      { content: ["a", "b"], conversationId: ownConversation },
      { content: "x".repeat(255), conversationId: ownConversation },
      { content: "hi", conversationId: "abc" },
      { content: "hi", conversationId: -1 },
      { content: "hi", phoneNumber: { toString: "+17045550100" } },
      { content: "hi", phoneNumber: "+44 20 7946 0958" },
      { content: "hi" },
      { __proto__: { content: "polluted" }, conversationId: ownConversation },
      { constructor: { prototype: { content: "polluted" } }, conversationId: ownConversation },
    ];
    for (const body of junk) {
      const response = await call(admin.cookie, "POST", "/outgoing-message", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ["pageSize=100000000", "pageNumber=0", "pageSize=abc", "onlyUnread[0]=1&pageSize=-5"]) {
      expect((await call(admin.cookie, "GET", `/conversations?${query}`)).status, query).toBe(400);
    }
    for (const id of ["abc", "0", "1e3", "99999999999999999999"])
      expect((await call(admin.cookie, "GET", `/conversations/${id}`)).status, id).toBe(404);
    expect(server.twilioApi.texts.length).toBe(texts);
    const [{ n }] = await server.sql<{ n: number }>(
      "select count(*)::int as n from conversation_messages where content = 'polluted' or content like 'xxxx%'",
    );
    expect(n).toBe(0);
  });
});
