import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SMTPServer } from "smtp-server";
import { db } from "~/db.server";
import { companies, customers, outboxMessages } from "~/db/schema";
import {
  DeliveryUnavailableError,
  MESSAGING_NOT_SET_UP,
  sendCustomerMessage,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { applyTextStatus } from "~/models/messaging/delivery.server";
import { action as statusAction, loader as statusLoader } from "~/routes/api+/webhooks+/twilio.status";
import { action as incomingAction } from "~/routes/api+/webhooks+/twilio.incoming";
import { loader as openLoader } from "~/routes/email+/open.$token";
import { sendText, twilioSettings } from "~/services/texts.server";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { createRealtimeHubs, RealtimeEvent } from "~/services/realtime/index.server";
import { hubClient, listenWithHubs, nextEvent } from "../realtime/clients";
import { freePort } from "../../helpers/free-port";
import type { ParsedMail } from "mailparser";
import { recipientOf, useSmtpCapture } from "../../helpers/smtp-capture";
import { TEST_TWILIO, twilioSignature, useTwilioServer } from "../../helpers/twilio-server";

// The webhooks read the auth token from the environment (read once per test file).
process.env.TWILIO_ACCOUNT_SID = TEST_TWILIO.accountSid;
process.env.TWILIO_AUTH_TOKEN = TEST_TWILIO.authToken;
afterAll(() => {
  delete process.env.TWILIO_ACCOUNT_SID;
  delete process.env.TWILIO_AUTH_TOKEN;
});

useTestDatabase();
const smtp = useSmtpCapture();
const twilioApi = useTwilioServer();

const services = (): DeliveryServices => ({
  smtpUrl: smtp.url,
  twilio: { ...TEST_TWILIO, apiBaseUrl: twilioApi.url, fromNumber: "+15005550006" },
});
const message = (tag: string) => ({
  smsText: `Text ${tag}`,
  subject: `Subject ${tag}`,
  emailText: `Email ${tag}`,
  emailHtml: `<html><body><p>Email <b>${tag}</b></p></body></html>`,
});

let company: { companyId: number; userId: number };
let other: { companyId: number };
const COMPANY_NUMBER = "+14155550100";
const OTHER_NUMBER = "+14155550199";
let serial = 0;

async function addCustomer(companyId: number, fields: Partial<typeof customers.$inferInsert> = {}): Promise<number> {
  serial++;
  const [row] = await db
    .insert(customers)
    .values({
      companyId,
      firstName: `Cara${serial}`,
      email: `cara${serial}@example.com`,
      mainPhoneNumber: `+1415555${String(1000 + serial).slice(-4)}`,
      ...fields,
    })
    .returning({ id: customers.id });
  return row.id;
}

const outboxRow = async (id: number | null) =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id!)))[0];
const textsAllowed = async (id: number) =>
  (await db.select({ v: customers.areTextMessagesAllowed }).from(customers).where(eq(customers.id, id)))[0].v;

/** What mailparser reads of the headers (its types here cover only what the mailer test reads). */
type Headers = {
  from?: { value: Array<{ name: string; address: string }> };
  replyTo?: { value: Array<{ name: string; address: string }> };
  bcc?: unknown;
  messageId?: string;
};

const STATUS_URL = "http://localhost/api/webhooks/twilio/status";
const INCOMING_URL = "http://localhost/api/webhooks/twilio/incoming";

/** A webhook request as Twilio would send it, signed unless `signature` says otherwise. */
function webhook(url: string, params: Record<string, string>, signature?: string | null) {
  const full = { AccountSid: TEST_TWILIO.accountSid, ...params };
  const sig = signature === undefined ? twilioSignature(url, full) : signature;
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(sig === null ? {} : { "X-Twilio-Signature": sig }),
    },
    body: new URLSearchParams(full).toString(),
  });
}

async function run(fn: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  company = await createTestCompany({ businessName: 'Blue "Ridge"\r\nBcc: x@evil.example' });
  other = await createTestCompany({ businessName: "Other Co" });
  await db
    .update(companies)
    .set({ email: "office@blueridge.example", messagingPhoneNumber: COMPANY_NUMBER, messagingReady: true })
    .where(eq(companies.id, company.companyId));
  await db
    .update(companies)
    .set({ messagingPhoneNumber: OTHER_NUMBER, messagingReady: false })
    .where(eq(companies.id, other.companyId));
});

describe("email to a customer", () => {
  it("goes through SMTP from the business name with the company's Reply-To and an open-tracking image", async () => {
    const customerId = await addCustomer(company.companyId, { email: "ann@example.com" });
    const outcome = await sendCustomerMessage(
      { companyId: company.companyId, customerId, channel: 2, dedupeKey: "t:email-1", message: message("e1") },
      services(),
    );
    expect(outcome.sms).toBeUndefined();
    expect(outcome.email).toMatchObject({ status: "sent" });
    const mail = smtp.received.find((m) => m.subject === "Subject e1")! as ParsedMail & Headers;
    expect(recipientOf(mail)).toBe("ann@example.com");
    // The name is one line (no header injection); the address stays MAIL_FROM's.
    expect(mail.from?.value[0]).toEqual({
      name: "Blue Ridge Bcc: x@evil.example",
      address: "no-reply@fieldwise.local",
    });
    expect(mail.bcc).toBeUndefined();
    expect(mail.replyTo?.value[0].address).toBe("office@blueridge.example");
    const row = await outboxRow((outcome.email as { id: number }).id);
    expect(row).toMatchObject({ status: "sent", customerId, companyId: company.companyId, channel: "email" });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.providerId).toBe(mail.messageId);
    expect(row.trackingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(mail.html).toContain(`http://localhost:3000/email/open/${row.trackingToken}`);
    // The stored copy is the message without the image (reading it must not count as an open).
    expect(row.html).not.toContain("/email/open/");
  });

  it("moves sent → opened once, with openedAt, and answers the same no-store GIF for any token", async () => {
    const customerId = await addCustomer(company.companyId);
    const outcome = await sendCustomerMessage(
      { companyId: company.companyId, customerId, channel: 2, dedupeKey: "t:open", message: message("open") },
      services(),
    );
    const row = await outboxRow((outcome.email as { id: number }).id);
    const open = (token: string) => run(openLoader, new Request(`http://localhost/email/open/${token}`), { token });
    const first = await open(row.trackingToken!);
    const firstOpened = (await outboxRow(row.id)).openedAt;
    expect((await outboxRow(row.id)).status).toBe("opened");
    expect(firstOpened).toBeInstanceOf(Date);
    await open(row.trackingToken!);
    expect((await outboxRow(row.id)).openedAt).toEqual(firstOpened);
    const unknown = await open("x".repeat(32));
    const garbage = await open("'; drop table outbox_messages; --");
    for (const response of [first, unknown, garbage]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/gif");
      expect(response.headers.get("Cache-Control")).toContain("no-store");
    }
    const bytes = await Promise.all([first, unknown, garbage].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(bytes[0].subarray(0, 6).toString()).toBe("GIF89a");
    expect(bytes[1]).toEqual(bytes[0]);
    expect(bytes[2]).toEqual(bytes[0]);
  });

  it("never turns a failed email into an opened one", async () => {
    const [row] = await db
      .insert(outboxMessages)
      .values({
        channel: "email",
        to: "f@example.com",
        body: "x",
        status: "failed",
        error: "550 mailbox unavailable",
        trackingToken: "f".repeat(32),
      })
      .returning();
    await run(openLoader, new Request(`http://localhost/email/open/${row.trackingToken}`), {
      token: row.trackingToken!,
    });
    expect(await outboxRow(row.id)).toMatchObject({ status: "failed", openedAt: null });
  });

  it("records an SMTP refusal as failed with the reason and failedAt", async () => {
    const port = await freePort();
    const refusing = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(port, "127.0.0.1", resolve));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const customerId = await addCustomer(company.companyId);
      const outcome = await sendCustomerMessage(
        { companyId: company.companyId, customerId, channel: 2, dedupeKey: "t:refused", message: message("refused") },
        { ...services(), smtpUrl: `smtp://127.0.0.1:${port}` },
      );
      expect(outcome.email).toMatchObject({ status: "failed" });
      const row = await outboxRow((outcome.email as { id: number }).id);
      expect(row.status).toBe("failed");
      expect(row.error).toContain("Mailbox unavailable");
      expect(row.failedAt).toBeInstanceOf(Date);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it("stays in the outbox (unsent) without SMTP", async () => {
    const customerId = await addCustomer(company.companyId);
    const outcome = await sendCustomerMessage(
      { companyId: company.companyId, customerId, channel: 2, dedupeKey: "t:outbox", message: message("ob") },
      { smtpUrl: undefined, twilio: null },
    );
    expect(outcome.email).toMatchObject({ status: "stored" });
    expect(await outboxRow((outcome.email as { id: number }).id)).toMatchObject({
      status: "stored",
      trackingToken: null,
      subject: "Subject ob",
    });
  });
});

describe("text to a customer", () => {
  it("goes through Twilio from the company's number with a status callback, once per key", async () => {
    const customerId = await addCustomer(company.companyId, { mainPhoneNumber: "+14155552671" });
    const before = twilioApi.texts.length;
    const input = {
      companyId: company.companyId,
      customerId,
      jobId: null,
      messageType: 2,
      channel: 1 as const,
      dedupeKey: "t:sms-1",
      message: message("s1"),
    };
    const outcome = await sendCustomerMessage(input, services());
    expect(outcome.email).toBeUndefined();
    expect(outcome.sms).toMatchObject({ status: "sent" });
    const sent = twilioApi.texts.at(-1)!;
    expect(sent).toMatchObject({
      to: "+14155552671",
      from: COMPANY_NUMBER,
      body: "Text s1",
      authUser: TEST_TWILIO.accountSid,
      statusCallback: "http://localhost:3000/api/webhooks/twilio/status",
    });
    const row = await outboxRow((outcome.sms as { id: number }).id);
    expect(row).toMatchObject({ status: "sent", providerId: sent.sid, messageType: 2, dedupeKey: "t:sms-1:sms" });
    expect(row.sentAt).toBeInstanceOf(Date);

    // A retry of the same key sends nothing.
    const again = await sendCustomerMessage(input, services());
    expect(again.sms).toEqual({ id: null, status: "duplicate" });
    expect(twilioApi.texts.length).toBe(before + 1);
  });

  it("keeps the text unsent with the reason when the company's messaging is not set up", async () => {
    const customerId = await addCustomer(other.companyId);
    const before = twilioApi.texts.length;
    const outcome = await sendCustomerMessage(
      { companyId: other.companyId, customerId, channel: 1, dedupeKey: "t:held", message: message("held") },
      services(),
    );
    expect(outcome.sms).toMatchObject({ status: "stored" });
    expect(await outboxRow((outcome.sms as { id: number }).id)).toMatchObject({
      status: "stored",
      error: MESSAGING_NOT_SET_UP,
    });
    expect(twilioApi.texts.length).toBe(before);
  });

  it("records Twilio's refusal as failed with its code", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    twilioApi.failNext({
      status: 400,
      code: 21211,
      message: "The 'To' number +14155550000 is not a valid phone number.",
    });
    const result = await sendText(
      { to: "+14155550000", body: "x", from: COMPANY_NUMBER, dedupeKey: "t:refused-sms" },
      services().twilio,
    );
    expect(result.status).toBe("failed");
    const row = await outboxRow(result.id);
    expect(row.error).toContain("21211");
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("answers why a channel was skipped: texts refused, no phone, no email, another company's customer", async () => {
    const refused = await addCustomer(company.companyId, { areTextMessagesAllowed: false });
    const bare = await addCustomer(company.companyId, { email: null, mainPhoneNumber: null });
    const foreign = await addCustomer(other.companyId);
    const send = (customerId: number, key: string) =>
      sendCustomerMessage(
        { companyId: company.companyId, customerId, channel: 3, dedupeKey: key, message: message(key) },
        services(),
      );
    const before = twilioApi.texts.length;
    expect((await send(refused, "t:refused-texts")).sms).toMatchObject({ skipped: "texts_not_allowed" });
    const bareOutcome = await send(bare, "t:bare");
    expect(bareOutcome).toMatchObject({ sms: { skipped: "no_phone" }, email: { skipped: "no_email" } });
    expect(await send(foreign, "t:foreign")).toMatchObject({
      sms: { skipped: "customer_not_found" },
      email: { skipped: "customer_not_found" },
    });
    expect(twilioApi.texts.length).toBe(before);
  });

  it("stays in the outbox without Twilio", async () => {
    const customerId = await addCustomer(company.companyId);
    const outcome = await sendCustomerMessage(
      { companyId: company.companyId, customerId, channel: 1, dedupeKey: "t:sms-outbox", message: message("so") },
      { smtpUrl: undefined, twilio: null },
    );
    expect(outcome.sms).toMatchObject({ status: "stored" });
    expect(twilioSettings({})).toBeNull();
  });
});

describe("a provider that cannot take the message", () => {
  it("releases the claim and throws when SMTP is unreachable, so the queue's retry sends it once", async () => {
    const customerId = await addCustomer(company.companyId, { email: "retry@example.com" });
    const input = {
      companyId: company.companyId,
      customerId,
      channel: 2 as const,
      dedupeKey: "t:smtp-down",
      message: message("smtp-down"),
    };
    const port = await freePort();
    await expect(sendCustomerMessage(input, { ...services(), smtpUrl: `smtp://127.0.0.1:${port}` })).rejects.toThrow(
      DeliveryUnavailableError,
    );
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, "t:smtp-down:email"))).toEqual([]);
    expect((await sendCustomerMessage(input, services())).email).toMatchObject({ status: "sent" });
    expect(smtp.received.filter((m) => m.subject === "Subject smtp-down")).toHaveLength(1);
  });

  it("releases the claim and throws on Twilio's 429, then the retry sends the text (the email is not sent twice)", async () => {
    const customerId = await addCustomer(company.companyId);
    const input = {
      companyId: company.companyId,
      customerId,
      channel: 3 as const,
      dedupeKey: "t:busy",
      message: message("busy"),
    };
    twilioApi.failNext({ status: 429, code: 20429, message: "Too Many Requests" });
    await expect(sendCustomerMessage(input, services())).rejects.toThrow(DeliveryUnavailableError);
    const retry = await sendCustomerMessage(input, services());
    expect(retry).toMatchObject({ email: { id: null, status: "duplicate" }, sms: { status: "sent" } });
    expect(twilioApi.texts.filter((t) => t.body === "Text busy")).toHaveLength(1);
    expect(smtp.received.filter((m) => m.subject === "Subject busy")).toHaveLength(1);
  });
});

describe("Twilio status callbacks", () => {
  async function sentText(key: string) {
    const customerId = await addCustomer(company.companyId);
    const outcome = await sendCustomerMessage(
      { companyId: company.companyId, customerId, channel: 1, dedupeKey: key, message: message(key) },
      services(),
    );
    return outboxRow((outcome.sms as { id: number }).id);
  }

  it("moves sent → delivered, and a late 'sent' does not undo it", async () => {
    const row = await sentText("t:cb-delivered");
    const answer = await run(
      statusAction,
      webhook(STATUS_URL, { MessageSid: row.providerId!, MessageStatus: "delivered" }),
    );
    expect(answer.status).toBe(204);
    const delivered = await outboxRow(row.id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    await run(statusAction, webhook(STATUS_URL, { MessageSid: row.providerId!, MessageStatus: "sent" }));
    await run(statusAction, webhook(STATUS_URL, { MessageSid: row.providerId!, MessageStatus: "undelivered" }));
    expect(await outboxRow(row.id)).toMatchObject({ status: "delivered", failedAt: null, error: null });
  });

  it("moves sent → failed with ErrorCode and ErrorMessage as the reason", async () => {
    const row = await sentText("t:cb-failed");
    await run(
      statusAction,
      webhook(STATUS_URL, {
        MessageSid: row.providerId!,
        MessageStatus: "undelivered",
        ErrorCode: "30003",
        ErrorMessage: "Unreachable destination handset",
      }),
    );
    const failed = await outboxRow(row.id);
    expect(failed).toMatchObject({ status: "failed", error: "Unreachable destination handset (Twilio error 30003)" });
    expect(failed.failedAt).toBeInstanceOf(Date);
  });

  it("keeps the first sentAt on a late queued, and an unknown SID changes nothing", async () => {
    const row = await sentText("t:cb-queued");
    // queued → sent keeps the first sentAt
    expect(await applyTextStatus({ messageSid: row.providerId!, messageStatus: "queued" })).toBe(false);
    expect(await applyTextStatus({ messageSid: "SMunknown", messageStatus: "delivered" })).toBe(false);
    expect((await outboxRow(row.id)).sentAt).toEqual(row.sentAt);
  });

  it("stores nothing for an unsigned, wrongly signed or tampered callback (403)", async () => {
    const row = await sentText("t:cb-forged");
    const params = { MessageSid: row.providerId!, MessageStatus: "delivered" };
    const unsigned = await run(statusAction, webhook(STATUS_URL, params, null));
    const wrong = await run(
      statusAction,
      webhook(STATUS_URL, params, twilioSignature(STATUS_URL, params, "another-token-0123456789")),
    );
    const signedOther = twilioSignature(STATUS_URL, {
      AccountSid: TEST_TWILIO.accountSid,
      ...params,
      MessageStatus: "sent",
    });
    const tampered = await run(statusAction, webhook(STATUS_URL, params, signedOther));
    const otherUrl = await run(
      statusAction,
      webhook(
        STATUS_URL,
        params,
        twilioSignature("https://elsewhere.example/api/webhooks/twilio/status", {
          AccountSid: TEST_TWILIO.accountSid,
          ...params,
        }),
      ),
    );
    for (const answer of [unsigned, wrong, tampered, otherUrl]) expect(answer.status).toBe(403);
    expect(await outboxRow(row.id)).toMatchObject({ status: "sent", deliveredAt: null });
    expect((await run(statusLoader, new Request(STATUS_URL))).status).toBe(405);
  });

  it("refuses a body past its limit (413) and a body that is not a form (415)", async () => {
    const big = webhook(STATUS_URL, { MessageSid: "SMx", MessageStatus: "sent", Pad: "x".repeat(70 * 1024) });
    expect((await run(statusAction, big)).status).toBe(413);
    const asJson = new Request(STATUS_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Twilio-Signature": "x" },
      body: "{}",
    });
    expect((await run(statusAction, asJson)).status).toBe(415);
  });
});

describe("STOP and START", () => {
  it("turns texts off and on for that company's customers with the number only", async () => {
    const phone = "+14155559876";
    const mine = await addCustomer(company.companyId, { mainPhoneNumber: phone });
    const mineSecondary = await addCustomer(company.companyId, {
      mainPhoneNumber: null,
      secondaryPhoneNumbers: [phone],
    });
    const theirs = await addCustomer(other.companyId, { mainPhoneNumber: phone });
    const incoming = (body: string, to = COMPANY_NUMBER) =>
      run(incomingAction, webhook(INCOMING_URL, { From: phone, To: to, Body: body, MessageSid: "SMin" }));

    const answer = await incoming("  stop ");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("text/xml");
    expect(await answer.text()).toContain("<Response/>");
    expect(await textsAllowed(mine)).toBe(false);
    expect(await textsAllowed(mineSecondary)).toBe(false);
    expect(await textsAllowed(theirs)).toBe(true);

    // A text that is no keyword changes nothing (the inbox is a later issue).
    await incoming("Stop by at 5?");
    expect(await textsAllowed(mine)).toBe(false);

    await incoming("START");
    expect(await textsAllowed(mine)).toBe(true);
    expect(await textsAllowed(mineSecondary)).toBe(true);

    for (const keyword of ["STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]) {
      await incoming(keyword);
      expect(await textsAllowed(mine)).toBe(false);
      await incoming(keyword === "QUIT" ? "YES" : "unstop");
      expect(await textsAllowed(mine)).toBe(true);
    }

    // The office hears of it at once: a toast on the company's signed-in pages.
    const hubs = createRealtimeHubs({ isCrossSite: () => false });
    const site = await listenWithHubs(hubs);
    const office = hubClient(`${site.origin}/hubs/private`, { cookie: await sessionCookie(company.userId) });
    await office.start();
    try {
      const toast = nextEvent(office, RealtimeEvent.TextNotification);
      await incoming("STOP");
      expect(await toast).toEqual([expect.stringMatching(/ replied STOP: no more text messages to them$/)]);
      const again = nextEvent(office, RealtimeEvent.TextNotification);
      await incoming("START");
      expect(await again).toEqual([expect.stringMatching(/ replied START: text messages to them are on again$/)]);
    } finally {
      await office.stop();
      await hubs.close();
      await site.close();
    }

    // A STOP to a number no company has, or an unsigned one, changes nobody.
    await incoming("STOP", "+14155550111");
    expect(await textsAllowed(mine)).toBe(true);
    const unsigned = await run(
      incomingAction,
      webhook(INCOMING_URL, { From: phone, To: COMPANY_NUMBER, Body: "STOP" }, null),
    );
    expect(unsigned.status).toBe(403);
    expect(await textsAllowed(mine)).toBe(true);
  });
});
