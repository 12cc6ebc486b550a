import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { sessions, users, verifications } from "~/db/schema";
import {
  checkResetToken,
  findAccountUser,
  requestPasswordReset,
  resetPassword,
  sendTwoFactorCode,
  verifyTwoFactorCode,
} from "~/models/accounts/accounts.server";
import { action as signInAction } from "~/routes/api+/account+/sign-in";
import { action as forgotAction } from "~/routes/api+/account+/forgotPassword";
import { action as verifyCodeAction } from "~/routes/api+/account+/verify-code";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, makeRequest, sessionCookie, TEST_PASSWORD } from "../../helpers/factories";
import { call, codeFrom, lastEmailTo, tokenFrom, uniqueEmail } from "./helpers";

useTestDatabase();

async function twoFactorUser() {
  const { email, userId } = await createTestCompany();
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  const user = (await findAccountUser(userId))!;
  return { email, userId, user };
}

describe("two-factor code", () => {
  it("is valid for 10 minutes", async () => {
    const { email, userId, user } = await twoFactorUser();
    const sentAt = new Date();
    await sendTwoFactorCode(user, sentAt);
    const code = codeFrom((await lastEmailTo(email)).subject);
    expect(await verifyTwoFactorCode(userId, code, new Date(sentAt.getTime() + 10 * 60_000 + 1))).toBe("expired");
    expect(await verifyTwoFactorCode(userId, code, new Date(sentAt.getTime() + 9 * 60_000))).toBe("ok");
  });

  it("allows 5 tries, then the code is dead even when right", async () => {
    const { email, userId, user } = await twoFactorUser();
    await sendTwoFactorCode(user);
    const code = codeFrom((await lastEmailTo(email)).subject);
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 1; i <= 4; i++) expect(await verifyTwoFactorCode(userId, wrong)).toBe("wrong");
    expect(await verifyTwoFactorCode(userId, wrong)).toBe("tooManyTries");
    expect(await verifyTwoFactorCode(userId, code)).toBe("tooManyTries");
    const [row] = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, "two_factor")));
    expect(row.attempts).toBe(5);
  });

  it("a new code replaces the previous one", async () => {
    const { email, userId, user } = await twoFactorUser();
    await sendTwoFactorCode(user);
    const first = codeFrom((await lastEmailTo(email)).subject);
    await sendTwoFactorCode(user);
    const second = codeFrom((await lastEmailTo(email)).subject);
    if (first !== second) expect(await verifyTwoFactorCode(userId, first)).toBe("wrong");
    expect(await verifyTwoFactorCode(userId, second)).toBe("ok");
  });
});

describe("password reset link", () => {
  it("is valid for 1 hour", async () => {
    const { email, userId } = await createTestCompany();
    const askedAt = new Date();
    await requestPasswordReset({ email, address: "198.51.100.7" }, askedAt);
    const token = tokenFrom((await lastEmailTo(email)).body);
    const [row] = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, "password_reset")));
    expect(row.secretHash).not.toBe(token);
    const late = new Date(askedAt.getTime() + 60 * 60_000 + 1);
    expect(await checkResetToken(token, late)).toBe("This link has expired. Please ask for a new one.");
    expect(await resetPassword({ token, password: "new password 1" }, late)).toEqual({
      ok: false,
      message: "This link has expired. Please ask for a new one.",
    });
    expect(await checkResetToken(token, new Date(askedAt.getTime() + 59 * 60_000))).toBeNull();
    expect(await checkResetToken("made-up-token")).toBe("This link is not valid. Please ask for a new one.");
  });

  it("revokes every session of the user", async () => {
    const { email, userId } = await createTestCompany();
    await sessionCookie(userId);
    await sessionCookie(userId);
    await requestPasswordReset({ email, address: "198.51.100.8" });
    const token = tokenFrom((await lastEmailTo(email)).body);
    expect(await resetPassword({ token, password: "new password 2" })).toEqual({ ok: true, userId });
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("only the latest link works", async () => {
    const { email } = await createTestCompany();
    await requestPasswordReset({ email, address: "198.51.100.9" });
    const first = tokenFrom((await lastEmailTo(email)).body);
    await requestPasswordReset({ email, address: "198.51.100.9" });
    const second = tokenFrom((await lastEmailTo(email)).body);
    expect(await checkResetToken(first)).toBe("This link is not valid. Please ask for a new one.");
    expect(await checkResetToken(second)).toBeNull();
  });
});

describe("rate limits", () => {
  it("answers 429 after 10 failed sign-ins in a row for one account from one address, and not from the owner's address", async () => {
    const { email } = await createTestCompany();
    const signIn = (password: string, clientAddress: string) =>
      call(signInAction, makeRequest("/api/account/sign-in", { method: "POST", json: { email, password } }), {
        context: { clientAddress },
      });
    for (let i = 0; i < 10; i++) expect((await signIn("wrong password", "192.0.2.1")).status).toBe(400);
    const limited = await signIn("wrong password", "192.0.2.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect((await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Blocked there even with the right password; the owner elsewhere signs in.
    expect((await signIn(TEST_PASSWORD, "192.0.2.1")).status).toBe(429);
    const owner = await signIn(TEST_PASSWORD, "198.51.100.50");
    expect(owner.status).toBe(200);
    expect((await owner.json()).email).toBe(email);
  });

  it("forgives an address's failures for an account once the right password comes from it", async () => {
    const { email } = await createTestCompany();
    const signIn = (password: string) =>
      call(signInAction, makeRequest("/api/account/sign-in", { method: "POST", json: { email, password } }), {
        context: { clientAddress: "192.0.2.2" },
      });
    for (let i = 0; i < 9; i++) expect((await signIn("wrong password")).status).toBe(400);
    expect((await signIn(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn("wrong password")).status).toBe(400);
    expect((await signIn("wrong password")).status).toBe(429);
  });

  it("answers 429 after 30 forgot-password requests from one address, whatever the account", async () => {
    const address = "192.0.2.200";
    for (let i = 0; i < 30; i++) {
      const res = await call(
        forgotAction,
        makeRequest("/api/account/forgotPassword", { method: "POST", json: { email: uniqueEmail("spray") } }),
        { context: { clientAddress: address } },
      );
      expect(res.status).toBe(200);
    }
    const limited = await call(
      forgotAction,
      makeRequest("/api/account/forgotPassword", { method: "POST", json: { email: uniqueEmail("spray") } }),
      { context: { clientAddress: address } },
    );
    expect(limited.status).toBe(429);
    const elsewhere = await call(
      forgotAction,
      makeRequest("/api/account/forgotPassword", { method: "POST", json: { email: uniqueEmail("spray") } }),
      { context: { clientAddress: "192.0.2.201" } },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("limits forgot-password per account and the code step", async () => {
    const email = uniqueEmail("forgetful");
    for (let i = 0; i < 5; i++)
      expect(
        (await call(forgotAction, makeRequest("/api/account/forgotPassword", { method: "POST", json: { email } })))
          .status,
      ).toBe(200);
    expect(
      (await call(forgotAction, makeRequest("/api/account/forgotPassword", { method: "POST", json: { email } })))
        .status,
    ).toBe(429);
    const codeEmail = uniqueEmail("coder");
    for (let i = 0; i < 10; i++)
      await call(
        verifyCodeAction,
        makeRequest("/api/account/verify-code", {
          method: "POST",
          json: { email: codeEmail, password: "whatever1", code: "123456" },
        }),
      );
    expect(
      (
        await call(
          verifyCodeAction,
          makeRequest("/api/account/verify-code", {
            method: "POST",
            json: { email: codeEmail, password: "whatever1", code: "123456" },
          }),
        )
      ).status,
    ).toBe(429);
  });
});
