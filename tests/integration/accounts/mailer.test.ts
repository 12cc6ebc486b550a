import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";
import { sendEmail } from "~/services/mailer.server";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

const received: ParsedMail[] = [];
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => done(), done);
    },
  });
  const port = 20000 + Math.floor(Math.random() * 20000);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  smtpUrl = `smtp://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("mailer", () => {
  it("stores the email in the outbox when no SMTP is configured", async () => {
    const result = await sendEmail({ to: "stored@example.com", subject: "Hello", text: "Plain body" }, undefined);
    expect(result.status).toBe("stored");
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id!));
    expect(row).toMatchObject({ channel: "email", to: "stored@example.com", subject: "Hello", body: "Plain body", status: "stored" });
  });

  it("sends through SMTP and records the send", async () => {
    const result = await sendEmail({ to: "smtp@example.com", subject: "Your code", text: "Code 123456", html: "<p>Code <b>123456</b></p>" }, smtpUrl);
    expect(result.status).toBe("sent");
    const mail = received.find((m) => m.subject === "Your code");
    expect(mail?.text?.trim()).toBe("Code 123456");
    expect(mail?.html).toContain("<b>123456</b>");
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("smtp@example.com");
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id!));
    expect(row.status).toBe("sent");
  });

  it("never sends one dedupe key twice", async () => {
    const before = received.length;
    const first = await sendEmail({ to: "once@example.com", subject: "Once", text: "x", dedupeKey: "reminder:42" }, smtpUrl);
    const second = await sendEmail({ to: "once@example.com", subject: "Once", text: "x", dedupeKey: "reminder:42" }, smtpUrl);
    expect(first.status).toBe("sent");
    expect(second).toEqual({ id: null, status: "duplicate" });
    expect(received.length).toBe(before + 1);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, "reminder:42"))).toHaveLength(1);
  });

  it("records a failed send when the SMTP server cannot be reached", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await sendEmail({ to: "down@example.com", subject: "Down", text: "x" }, "smtp://127.0.0.1:9");
    expect(result.status).toBe("failed");
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id!));
    expect(row.status).toBe("failed");
    expect(row.error).toBeTruthy();
    expect(warn).toHaveBeenCalledOnce();
  });
});
