import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import {
  findAccountUser,
  resetPassword,
  sendTwoFactorCode,
  verifyTwoFactorCode,
} from "~/models/accounts/accounts.server";
import * as forgot from "~/routes/_auth+/forgot";
import { action as forgotApi } from "~/routes/api+/account+/forgotPassword";
import { useTestDatabase } from "../../helpers/db";
import { recipientOf, useSmtpCapture } from "../../helpers/smtp-capture";
import { createTestCompany } from "../../helpers/factories";
import { call, codeFrom, form, jsonPost, lastEmailTo, tokenFrom } from "./helpers";

// Before any module reads the configuration: email goes out through the SMTP server below, and
// links are built from APP_URL.
const { smtpPort } = vi.hoisted(() => {
  const smtpPort = 20000 + Math.floor(Math.random() * 20000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.APP_URL = "https://app.example.com";
  return { smtpPort };
});

useTestDatabase();

const smtp = useSmtpCapture(smtpPort);

const receivedBy = (email: string) => smtp.received.filter((m) => recipientOf(m) === email);

/** A request as the server builds it when a client forges Host and X-Forwarded-Host. */
function forgedRequest(path: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-Host", "evil.example");
  return new Request(`http://evil.example${path}`, { ...init, headers });
}

describe("a password reset sent through SMTP", () => {
  it("links to APP_URL whatever Host the request named, and the stored copy keeps no token", async () => {
    const { email } = await createTestCompany();
    const res = await call(forgot.action, forgedRequest("/forgot", form({ email })));
    expect(res.status).toBe(200);
    const [mail] = receivedBy(email);
    expect(mail.subject).toBe("Reset your Fieldwise password");
    const token = tokenFrom(mail.text ?? "");
    expect(token.length).toBeGreaterThan(20);
    expect(mail.text).toContain(`\nhttps://app.example.com/reset?token=${token}\n`);
    expect(mail.html).toContain(`<a href="https://app.example.com/reset?token=${token}">Choose a new password</a>`);
    expect(mail.text).not.toContain("evil.example");

    const row = await lastEmailTo(email);
    expect(row.status).toBe("sent");
    for (const stored of [row.subject, row.body, row.html]) expect(stored).not.toContain(token);
    expect(row.body).toContain("\nhttps://app.example.com/reset?token=[removed after sending]\n");
    expect(row.html).toContain('<a href="https://app.example.com/reset?token=[removed after sending]">');

    // The emailed link itself still works.
    expect(await resetPassword({ token, password: "a new password 1" })).toMatchObject({ ok: true });
  });

  it("from the API too", async () => {
    const { email } = await createTestCompany();
    const res = await call(forgotApi, forgedRequest("/api/account/forgotPassword", jsonPost({ email })));
    expect(res.status).toBe(200);
    const [mail] = receivedBy(email);
    const token = tokenFrom(mail.text ?? "");
    expect(mail.text).toContain(`https://app.example.com/reset?token=${token}`);
    expect((await lastEmailTo(email)).body).not.toContain(token);
  });
});

describe("a sign-in code sent through SMTP", () => {
  it("reaches the user while the stored copy names no code", async () => {
    const { email, userId } = await createTestCompany();
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    await sendTwoFactorCode((await findAccountUser(userId))!);
    const [mail] = receivedBy(email);
    const code = codeFrom(mail.subject ?? "");
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text?.trim()).toBe(
      `Your sign-in code is ${code}.\n\nIt is valid for 10 minutes. If you did not try to sign in, change your password.`,
    );

    const row = await lastEmailTo(email);
    expect(row.status).toBe("sent");
    expect(row.subject).toBe("Your Fieldwise sign-in code: [removed after sending]");
    expect(row.body).toBe(
      "Your sign-in code is [removed after sending].\n\nIt is valid for 10 minutes. If you did not try to sign in, change your password.",
    );
    expect(await verifyTwoFactorCode(userId, code)).toBe("ok");
  });
});
