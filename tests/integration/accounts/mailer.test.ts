import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { outboxMessages, users } from "~/db/schema";
import {
  findAccountUser,
  resetPassword,
  sendTwoFactorCode,
  verifyTwoFactorCode,
} from "~/models/accounts/accounts.server";
import { action as forgotApi } from "~/routes/api+/account+/forgotPassword";
import { sendEmail } from "~/services/mailer.server";
import { useTestDatabase } from "../../helpers/db";
import { recipientOf, useSmtpCapture } from "../../helpers/smtp-capture";
import { createTestCompany } from "../../helpers/factories";
import { call, codeFrom, lastEmailTo, tokenFrom } from "./helpers";

useTestDatabase();

const smtp = useSmtpCapture();

/** The outbox row of a send. */
async function storedCopy(result: Awaited<ReturnType<typeof sendEmail>>) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, result.id!));
  return row;
}

describe("mailer", () => {
  it("stores the email in the outbox when no SMTP is configured", async () => {
    const result = await sendEmail({ to: "stored@example.com", subject: "Hello", text: "Plain body" }, undefined);
    expect(result.status).toBe("stored");
    expect(await storedCopy(result)).toMatchObject({
      channel: "email",
      to: "stored@example.com",
      subject: "Hello",
      body: "Plain body",
      status: "stored",
    });
  });

  it("sends through SMTP and records the send", async () => {
    const result = await sendEmail(
      { to: "smtp@example.com", subject: "Your code", text: "Code 123456", html: "<p>Code <b>123456</b></p>" },
      smtp.url,
    );
    expect(result.status).toBe("sent");
    const mail = smtp.received.find((m) => m.subject === "Your code");
    expect(mail?.text?.trim()).toBe("Code 123456");
    expect(mail?.html).toContain("<b>123456</b>");
    expect(mail ? recipientOf(mail) : "").toBe("smtp@example.com");
    expect((await storedCopy(result)).status).toBe("sent");
  });

  it("sends the secrets it is given, and stores the message without them", async () => {
    const result = await sendEmail(
      {
        to: "secret@example.com",
        subject: "Code 482913",
        text: "Open https://app.example.com/reset?token=tok-en_1 or type 482913.",
        html: '<a href="https://app.example.com/reset?token=tok-en_1">Open</a> 482913',
        secrets: ["tok-en_1", "482913"],
      },
      smtp.url,
    );
    expect(result.status).toBe("sent");
    const mail = smtp.received.find((m) => m.subject === "Code 482913");
    expect(mail?.text?.trim()).toBe("Open https://app.example.com/reset?token=tok-en_1 or type 482913.");
    expect(mail?.html).toContain('<a href="https://app.example.com/reset?token=tok-en_1">Open</a> 482913');
    expect(await storedCopy(result)).toMatchObject({
      status: "sent",
      subject: "Code [removed after sending]",
      body: "Open https://app.example.com/reset?token=[removed after sending] or type [removed after sending].",
      html: '<a href="https://app.example.com/reset?token=[removed after sending]">Open</a> [removed after sending]',
    });
  });

  it("does not keep secrets in the stored copy of a send that failed either", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await sendEmail(
      { to: "failed-secret@example.com", subject: "Your code", text: "Code 771204", secrets: ["771204"] },
      "smtp://127.0.0.1:9",
    );
    expect(result.status).toBe("failed");
    expect((await storedCopy(result)).body).toBe("Code [removed after sending]");
    warn.mockRestore();
  });

  it("never sends one dedupe key twice", async () => {
    const before = smtp.received.length;
    const first = await sendEmail(
      { to: "once@example.com", subject: "Once", text: "x", dedupeKey: "reminder:42" },
      smtp.url,
    );
    const second = await sendEmail(
      { to: "once@example.com", subject: "Once", text: "x", dedupeKey: "reminder:42" },
      smtp.url,
    );
    expect(first.status).toBe("sent");
    expect(second).toEqual({ id: null, status: "duplicate" });
    expect(smtp.received.length).toBe(before + 1);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, "reminder:42"))).toHaveLength(1);
  });

  it("records a failed send when the SMTP server cannot be reached", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await sendEmail({ to: "down@example.com", subject: "Down", text: "x" }, "smtp://127.0.0.1:9");
    expect(result.status).toBe("failed");
    const row = await storedCopy(result);
    expect(row.status).toBe("failed");
    expect(row.error).toBeTruthy();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("the development outbox (no SMTP)", () => {
  it("shows a reset link until it is used, then no longer", async () => {
    const { email } = await createTestCompany();
    // Asked with a forged Host and X-Forwarded-Host (the URL Remix builds from them).
    const forged = new Request("http://evil.example/api/account/forgotPassword", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-Host": "evil.example" },
      body: JSON.stringify({ email }),
    });
    expect((await call(forgotApi, forged)).status).toBe(200);
    const sent = await lastEmailTo(email);
    const token = tokenFrom(sent.body);
    // The outbox is how a developer reads the message: the link is there, built from the server's own
    // address (no APP_URL in development), not from the request's.
    expect(sent.body).toContain(`\nhttp://localhost:3000/reset?token=${token}\n`);
    expect(sent.html).not.toContain("evil.example");
    expect(await resetPassword({ token, password: "a new password 2" })).toMatchObject({ ok: true });
    const used = await lastEmailTo(email);
    expect(used.id).toBe(sent.id);
    for (const stored of [used.subject, used.body, used.html]) expect(stored).not.toContain(token);
    expect(used.body).toContain("\nhttp://localhost:3000/reset?token=[removed after use]\n");
    expect(used.html).toContain('<a href="http://localhost:3000/reset?token=[removed after use]">');
  });

  it("shows a sign-in code until it is accepted, then no longer", async () => {
    const { email, userId } = await createTestCompany();
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    await sendTwoFactorCode((await findAccountUser(userId))!);
    const code = codeFrom((await lastEmailTo(email)).subject);
    expect((await lastEmailTo(email)).body).toContain(`Your sign-in code is ${code}.`);
    const wrong = code === "123456" ? "654321" : "123456";
    expect(await verifyTwoFactorCode(userId, wrong)).toBe("wrong");
    // A wrong try leaves the message as it was.
    expect((await lastEmailTo(email)).subject).toBe(`Your Fieldwise sign-in code: ${code}`);
    expect(await verifyTwoFactorCode(userId, code)).toBe("ok");
    const used = await lastEmailTo(email);
    expect(used.subject).toBe("Your Fieldwise sign-in code: [removed after use]");
    expect(used.body).toBe(
      "Your sign-in code is [removed after use].\n\nIt is valid for 10 minutes. If you did not try to sign in, change your password.",
    );
  });
});
