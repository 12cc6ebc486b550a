import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useStarted } from "../helpers/lifecycle";
import { postSignedForm, TEST_TWILIO } from "../helpers/twilio-server";
import { DEMO_NUMBER, startInboxServer, type InboxServer } from "./inbox-server";
import { allowConsoleErrors, expectNoA11yViolations, newPage, screenshot, type Width } from "./harness";

// Its own server on PostgreSQL (tests/e2e/inbox-server.ts): the test writes the segment balance.
const server = useStarted<InboxServer>(startInboxServer, (s) => s.stop(), 180_000);

let companyId: number | undefined;
let serial = 0;
/** A sender number of its own per test (the demo company's inbox is shared by the tests of this file). */
const nextSender = () => `+1704555${String(1200 + ++serial)}`;

async function inboxPage({ javaScript, width = 1366 }: { javaScript: boolean; width?: Width }): Promise<Page> {
  const admin = await server.signIn("company admin");
  if (companyId === undefined) {
    companyId = admin.companyId;
    await server.enable(companyId, DEMO_NUMBER, 1000);
  }
  const page = await newPage({ javaScript, width });
  // A refused send (validation, no segments left) answers 400 on purpose; with JavaScript the browser logs that fetch.
  allowConsoleErrors(page, /^Failed to load resource: the server responded with a status of 400/);
  const [name, ...value] = admin.cookie.split("=");
  await page
    .context()
    .addCookies([{ name, value: value.join("="), url: server.baseUrl, httpOnly: true, sameSite: "Lax" }]);
  return page;
}

const open = (page: Page, path = "/inbox") => page.goto(`${server.baseUrl}${path}`);
const thread = (page: Page) => page.getByRole("list", { name: "Messages" });

async function sendFromThread(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await thread(page).getByText(text).waitFor();
}

/** The Twilio SID of the last text the local Twilio API received with this body. */
const lastText = (body: string) => [...server.twilioApi.texts].reverse().find((t) => t.body === body);
const sidOf = (body: string) => lastText(body)!.sid;
const callback = (sid: string, status: string, extra: Record<string, string> = {}) =>
  server.twilioApi.postStatus(`${server.baseUrl}/api/webhooks/twilio/status`, {
    MessageSid: sid,
    MessageStatus: status,
    ...extra,
  });

for (const javaScript of [false, true]) {
  describe(`the inbox with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("lists, searches, opens (read), sends, resends a failed text and starts a conversation", async () => {
      const page = await inboxPage({ javaScript });
      const sender = nextSender();
      await server.sql(
        `insert into customers (company_id, first_name, last_name, main_phone_number, search_text)
        values ($1, 'Wren', $2, $3, $4)`,
        [
          companyId,
          `Inbox${javaScript ? "On" : "Off"}`,
          sender,
          `wren inbox${javaScript ? "on" : "off"} ${sender.slice(1)}`,
        ],
      );
      expect((await server.incoming({ from: sender, body: `Can you come Friday? ${javaScript}` })).status).toBe(200);
      await open(page);
      const name = `Wren Inbox${javaScript ? "On" : "Off"}`;
      const row = page.getByRole("link", { name: new RegExp(name) });
      await row.getByText("1 unread").waitFor();

      // Search by name, then open the conversation: it is read.
      await page.getByLabel("Search").fill(javaScript ? "inboxon" : "inboxoff");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/q=inbox/);
      // With JavaScript the URL may change a moment before the searched list renders.
      await expect
        .poll(() =>
          page
            .getByRole("list")
            .filter({ has: page.getByRole("link", { name: /Wren/ }) })
            .getByRole("link")
            .count(),
        )
        .toBe(1);
      await page.getByRole("link", { name: new RegExp(name) }).click();
      await page.getByRole("heading", { name }).waitFor();
      await thread(page).getByText(`Can you come Friday? ${javaScript}`).waitFor();
      expect(
        await page
          .getByRole("link", { name: new RegExp(name) })
          .getByText("unread")
          .count(),
      ).toBe(0);

      // Validation, then a send: queued and sent through Twilio from the company's number.
      await page.getByRole("button", { name: "Send", exact: true }).click();
      if (!javaScript) await page.getByText("Message text is required").waitFor();
      const reply = `Friday at 10 works ${javaScript}`;
      await sendFromThread(page, reply);
      expect(lastText(reply)).toMatchObject({ from: DEMO_NUMBER, to: sender });
      if (javaScript) {
        // Re-checked 1000 ms after the send: delivered without a reload.
        await callback(sidOf(reply), "delivered");
        await thread(page).getByText("Delivered").waitFor({ timeout: 5_000 });
      }

      // A failed one keeps the preview and can be resent.
      const lost = `This one gets lost ${javaScript}`;
      await sendFromThread(page, lost);
      await callback(sidOf(lost), "failed", { ErrorCode: "30003", ErrorMessage: "Unreachable destination handset" });
      await open(page, new URL(page.url()).pathname + new URL(page.url()).search);
      await thread(page).getByText("Unreachable destination handset (Twilio error 30003)").waitFor();
      expect(await page.getByRole("link", { name: new RegExp(name) }).textContent()).toContain(reply);
      await expectNoA11yViolations(page);
      await screenshot(page, `inbox-thread-1366-js-${javaScript ? "on" : "off"}`);
      const before = server.twilioApi.texts.filter((t) => t.body === lost).length;
      await page.getByRole("button", { name: "Resend" }).click();
      await page.waitForURL(/sent=\d+/);
      await expect.poll(() => server.twilioApi.texts.filter((t) => t.body === lost).length).toBe(before + 1);
      await thread(page).getByText("Sent").last().waitFor();

      // A new conversation by phone number.
      await open(page, "/inbox?new=1");
      await page.getByLabel("Phone number").fill("12");
      await page.getByLabel("Message", { exact: true }).fill("Hello there");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await page.getByText("Phone number must be valid").waitFor();
      const fresh = nextSender();
      await page.getByLabel("Phone number").fill(fresh.slice(2));
      await page.getByLabel("Message", { exact: true }).fill(`Welcome ${javaScript}`);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await page.waitForURL(/conversation=\d+/);
      await thread(page).getByText(`Welcome ${javaScript}`).waitFor();
      expect(lastText(`Welcome ${javaScript}`)?.to).toBe(fresh);
    });

    it("shows the limit banner and refuses a send when the balance is spent", async () => {
      const page = await inboxPage({ javaScript });
      const sender = nextSender();
      await server.incoming({ from: sender, body: "Anyone there?" });
      await server.sql("update text_messaging_accounts set sms_segments_balance = 0 where company_id = $1", [
        companyId,
      ]);
      try {
        await open(page);
        await page.getByText("You have reached your SMS segment limit").waitFor();
        await page
          .getByRole("link", { name: /Anyone there\?/ })
          .first()
          .click();
        await page.getByLabel("Message", { exact: true }).fill("Will not go");
        await page.getByRole("button", { name: "Send", exact: true }).click();
        await page.getByText("Not enough SMS segments").waitFor();
        expect(server.twilioApi.texts.some((t) => t.body === "Will not go")).toBe(false);
        const [account] = await server.sql<{ segment_limit_reached: boolean }>(
          "select segment_limit_reached from text_messaging_accounts where company_id = $1",
          [companyId],
        );
        expect(account.segment_limit_reached).toBe(true);
      } finally {
        await server.enable(companyId!, DEMO_NUMBER, 1000);
      }
    });

    it("on a 375 px screen shows the list, then the thread alone with a way back", async () => {
      const page = await inboxPage({ javaScript, width: 375 });
      await open(page);
      await page.getByRole("heading", { name: "Conversations" }).waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `inbox-list-375-js-${javaScript ? "on" : "off"}`);
      await page.locator(".inbox-conversation").first().click();
      await page.getByRole("list", { name: "Messages" }).waitFor();
      expect(await page.getByRole("heading", { name: "Conversations" }).isVisible()).toBe(false);
      await screenshot(page, `inbox-thread-375-js-${javaScript ? "on" : "off"}`);
      await page.getByRole("link", { name: "‹ Conversations" }).click();
      await page.getByRole("heading", { name: "Conversations" }).waitFor();
    });
  });
}

describe("with JavaScript", () => {
  it("shows an incoming text live in the list and in the open thread (Chromium, real time)", async () => {
    const page = await inboxPage({ javaScript: true });
    const sender = nextSender();
    await server.incoming({ from: sender, body: "First, before opening" });
    await open(page);
    await page.getByRole("link", { name: /First, before opening/ }).click();
    await thread(page).getByText("First, before opening").waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.realtime === "connected", null, {
      timeout: 15_000,
    });
    const other = nextSender();
    await server.incoming({ from: sender, body: "Second, arrives live" });
    await server.incoming({ from: other, body: "Someone else writes" });
    await thread(page).getByText("Second, arrives live").waitFor({ timeout: 10_000 });
    await page.getByRole("link", { name: /Someone else writes/ }).waitFor({ timeout: 10_000 });
    expect(page.url()).not.toContain("Second");
    await screenshot(page, "inbox-live-1366");
  });

  it("keeps drafts per conversation in one list of at most 10, dropped when sent or emptied", async () => {
    const page = await inboxPage({ javaScript: true });
    const a = nextSender();
    const b = nextSender();
    await server.incoming({ from: a, body: "Draft test A" });
    await server.incoming({ from: b, body: "Draft test B" });
    await open(page);
    await page.getByRole("link", { name: /Draft test A/ }).click();
    await thread(page).getByText("Draft test A").waitFor();
    const box = page.getByLabel("Message", { exact: true });
    await box.pressSequentially("Half-written reply");
    await page.getByRole("link", { name: /Draft test B/ }).click();
    await thread(page).getByText("Draft test B").waitFor();
    expect(await box.inputValue()).toBe("");
    await page.getByRole("link", { name: /Draft test A/ }).click();
    await thread(page).getByText("Draft test A").waitFor();
    await expect.poll(() => box.inputValue()).toBe("Half-written reply");
    // The restored draft's count, as if typed.
    await page.getByText("18/254 characters, 1 segment").waitFor();
    // Ten drafts kept, then one more: the oldest is dropped.
    await page.evaluate(() =>
      localStorage.setItem(
        "inbox-drafts",
        JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ key: `old-${i}`, text: `draft ${i}`, at: i + 1 }))),
      ),
    );
    await box.fill("");
    await box.pressSequentially("x");
    const keys = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem("inbox-drafts") ?? "[]") as Array<{ key: string }>).map((d) => d.key),
    );
    expect(keys).toHaveLength(10);
    expect(keys).not.toContain("old-0");
    // Emptied: gone.
    await box.fill("");
    expect(await page.evaluate(() => localStorage.getItem("inbox-drafts"))).not.toContain('"text":"x"');
    await sendFromThread(page, "Sent, so no draft");
    const after = await page.evaluate(() => localStorage.getItem("inbox-drafts") ?? "");
    expect(after).not.toContain("Sent, so no draft");
  });
});

describe("Twilio's webhook on the built server", () => {
  it("stores a replayed MessageSid once, nothing for a bad signature or another number, and the screen shows only its own", async () => {
    const admin = await server.signIn("company admin");
    if (companyId === undefined) {
      companyId = admin.companyId;
      await server.enable(companyId, DEMO_NUMBER, 1000);
    }
    const from = nextSender();
    const count = async (content: string) => {
      const [row] = await server.sql<{ n: number }>(
        "select count(*)::int as n from conversation_messages where content = $1",
        [content],
      );
      return row.n;
    };
    const url = `${server.baseUrl}/api/webhooks/twilio/incoming`;
    const params = (body: string, to = DEMO_NUMBER, sid = `SM${String(Date.now())}${serial}`.padEnd(34, "7")) => ({
      AccountSid: TEST_TWILIO.accountSid,
      MessageSid: sid,
      From: from,
      To: to,
      Body: body,
    });
    const once = params("Replayed hello");
    for (let i = 0; i < 3; i++) expect((await postSignedForm(url, once)).status).toBe(200);
    expect(await count("Replayed hello")).toBe(1);
    // Signed with another token, or not signed: refused, nothing stored.
    const forged = await postSignedForm(url, params("Forged hello"), { authToken: "not-the-auth-token-0123" });
    expect(forged.status).toBe(403);
    expect((await postSignedForm(url, params("Unsigned hello"), { signature: null })).status).toBe(403);
    // Signed, but to a number that is not this company's: answered, stored nowhere.
    expect((await postSignedForm(url, params("To someone else", "+17045550999"))).status).toBe(200);
    expect(await count("Forged hello")).toBe(0);
    expect(await count("Unsigned hello")).toBe(0);
    expect(await count("To someone else")).toBe(0);
    const screen = await fetch(`${server.baseUrl}/inbox`, { headers: { cookie: admin.cookie } });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Replayed hello");
    expect(html).not.toContain("Forged hello");
    expect(html).not.toContain("To someone else");
  });
});
