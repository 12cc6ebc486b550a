import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { sessions, users, verifications } from "~/db/schema";
import { env, PRODUCT_NAME } from "~/server/env.server";
import type { Access, CallerContext } from "~/access/access.server";
import type { QuickBooksInfo } from "~/models/quickbooks/connection.server";
import { accountMessages, type SignUpInput } from "~/models/accounts/accounts.schema";
import { hashPassword, hashSecret, randomToken, verifyPassword } from "~/models/accounts/passwords.server";
import { createCompanyWithAdmin, emailExists, type NewCompany } from "~/models/accounts/signup.server";
import { removeUsedSecret, sendEmail } from "~/services/mailer.server";
import { consumeAttempt, signInLimits } from "~/services/rate-limits.server";
import { absoluteUrl } from "~/http/app-url.server";

export const TWO_FACTOR_MINUTES = 10;
export const TWO_FACTOR_TRIES = 5;
export const RESET_LINK_MINUTES = 60;

export type AccountUser = { id: number; companyId: number; email: string; role: number; twoFactorEnabled: boolean };

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  role: users.role,
  twoFactorEnabled: users.twoFactorEnabled,
};
const byEmail = (email: string) =>
  and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt));

// Compared against when the email is unknown, so both answers take the same time.
let decoyHash: Promise<string> | undefined;

/** The user for an email and password, or null. */
export async function verifyCredentials(email: string, password: string): Promise<AccountUser | null> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  if (!row) {
    decoyHash ??= hashPassword(randomToken());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

export type SignInOutcome =
  { kind: "invalid" } | { kind: "twoFactor"; user: AccountUser } | { kind: "signedIn"; user: AccountUser };

/**
 * The password checked under the failed sign-in limits (rate-limits.server: per email and address
 * in a row, per address a day); throws RateLimited while blocked or when this failure spends them.
 */
async function checkPasswordLimited(input: {
  email: string;
  password: string;
  address: string | null;
}): Promise<AccountUser | null> {
  const limits = signInLimits();
  const attempt = { email: input.email, address: input.address };
  await limits.check(attempt);
  const user = await verifyCredentials(input.email, input.password);
  if (user) await limits.succeeded(attempt);
  else await limits.failed(attempt);
  return user;
}

/**
 * Sign-in with email and password, failures rate-limited per email and address (throws RateLimited).
 * A user with two-factor on gets a code by email and must pass the code step.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  address: string | null;
}): Promise<SignInOutcome> {
  const user = await checkPasswordLimited(input);
  if (!user) return { kind: "invalid" };
  if (user.twoFactorEnabled) {
    await sendTwoFactorCode(user);
    return { kind: "twoFactor", user };
  }
  return { kind: "signedIn", user };
}

export async function findAccountUser(userId: number): Promise<AccountUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The stored message that carried a verification's code or link (so that it can lose it once used). */
const verificationMessageKey = (kind: "two_factor" | "password_reset", verificationId: number) =>
  `${kind}:${verificationId}`;

const twoFactorHash = (userId: number, code: string) =>
  hashSecret(`two_factor:${userId}:${code}:${env().SESSION_SECRET ?? ""}`);

/** A fresh 6-digit code by email; earlier codes of the user stop working. */
export async function sendTwoFactorCode(user: AccountUser, now = new Date()): Promise<void> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const verificationId = await db.transaction(async (tx) => {
    await tx.delete(verifications).where(and(eq(verifications.userId, user.id), eq(verifications.kind, "two_factor")));
    const [row] = await tx
      .insert(verifications)
      .values({
        userId: user.id,
        kind: "two_factor",
        secretHash: twoFactorHash(user.id, code),
        expiresAt: new Date(now.getTime() + TWO_FACTOR_MINUTES * 60_000),
      })
      .returning({ id: verifications.id });
    return row.id;
  });
  await sendEmail({
    to: user.email,
    companyId: user.companyId,
    subject: `Your ${PRODUCT_NAME} sign-in code: ${code}`,
    text: `Your sign-in code is ${code}.\n\nIt is valid for ${TWO_FACTOR_MINUTES} minutes. If you did not try to sign in, change your password.`,
    dedupeKey: verificationMessageKey("two_factor", verificationId),
    secrets: [code],
  });
}

export type CodeOutcome = "ok" | "wrong" | "expired" | "tooManyTries";

/** Checks a code: 10 minutes, 5 tries, single use. Each try is counted before comparing. */
export async function verifyTwoFactorCode(userId: number, code: string, now = new Date()): Promise<CodeOutcome> {
  const [pending] = await db
    .select({ id: verifications.id, expiresAt: verifications.expiresAt, attempts: verifications.attempts })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.kind, "two_factor"), isNull(verifications.usedAt)))
    .orderBy(desc(verifications.id))
    .limit(1);
  if (!pending || pending.expiresAt <= now) return "expired";
  const [tried] = await db
    .update(verifications)
    .set({ attempts: sql`${verifications.attempts} + 1` })
    .where(
      and(
        eq(verifications.id, pending.id),
        sql`${verifications.attempts} < ${TWO_FACTOR_TRIES}`,
        isNull(verifications.usedAt),
      ),
    )
    .returning({ attempts: verifications.attempts, secretHash: verifications.secretHash });
  if (!tried) return "tooManyTries";
  if (tried.secretHash !== twoFactorHash(userId, code))
    return tried.attempts >= TWO_FACTOR_TRIES ? "tooManyTries" : "wrong";
  const [used] = await db
    .update(verifications)
    .set({ usedAt: now })
    .where(and(eq(verifications.id, pending.id), isNull(verifications.usedAt)))
    .returning({ id: verifications.id });
  if (!used) return "expired";
  await removeUsedSecret(verificationMessageKey("two_factor", used.id), code);
  return "ok";
}

export const codeMessage = (outcome: Exclude<CodeOutcome, "ok">) =>
  outcome === "wrong"
    ? accountMessages.wrongCode
    : outcome === "expired"
      ? accountMessages.codeExpired
      : accountMessages.tooManyTries;

/**
 * Email and password again plus the code (the API's verify-code is stateless). The password falls
 * under the sign-in limits; only a caller who knows it spends the account's code tries.
 */
export async function signInWithCode(input: {
  email: string;
  password: string;
  code: string;
  address: string | null;
}): Promise<{ user: AccountUser } | { error: string }> {
  const user = await checkPasswordLimited(input);
  if (!user) return { error: accountMessages.invalidCredentials };
  await consumeAttempt("code", { account: input.email, address: input.address });
  const outcome = await verifyTwoFactorCode(user.id, input.code);
  return outcome === "ok" ? { user } : { error: codeMessage(outcome) };
}

export type SignUpResult =
  { ok: true; userId: number; companyId: number } | { ok: false; errors: Record<string, string> };

/** The sign-up's business fields, named one by one: nothing else of the caller's object reaches the company. */
function newCompanyOf(input: SignUpInput): NewCompany {
  return {
    businessName: input.businessName,
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber,
    businessPhoneNumber: input.businessPhoneNumber,
    businessWebsite: input.businessWebsite,
    industry: input.industry,
    companySize: input.companySize,
    mainInterests: input.mainInterests,
    location: input.location,
    country: input.country,
    isDemoRequested: input.isDemoRequested,
  };
}

/** Creates the company, its admin (always a company admin), the 14-day trial and the preset lead sources in one transaction. */
export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  if (await emailExists(db, input.email)) return { ok: false, errors: { email: accountMessages.emailTaken } };
  try {
    const ids = await db.transaction((tx) => createCompanyWithAdmin(tx, newCompanyOf(input)));
    return { ok: true, ...ids };
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, errors: { email: accountMessages.emailTaken } };
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Emails a single-use reset link valid 1 hour when the email has an account. Rate-limited;
 * the caller answers the same either way.
 */
export async function requestPasswordReset(
  input: { email: string; address: string | null },
  now = new Date(),
): Promise<void> {
  await consumeAttempt("forgotPassword", { account: input.email, address: input.address });
  const [user] = await db.select(userColumns).from(users).where(byEmail(input.email)).limit(1);
  if (!user) return;
  const token = randomToken();
  const verificationId = await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(
        and(eq(verifications.userId, user.id), eq(verifications.kind, "password_reset"), isNull(verifications.usedAt)),
      );
    const [row] = await tx
      .insert(verifications)
      .values({
        userId: user.id,
        kind: "password_reset",
        secretHash: hashSecret(token),
        expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      })
      .returning({ id: verifications.id });
    return row.id;
  });
  const link = absoluteUrl(`/reset?token=${encodeURIComponent(token)}`);
  await sendEmail({
    to: user.email,
    companyId: user.companyId,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nOpen this link to choose a new password (valid for 1 hour, usable once):\n${link}\n\nIf it was not you, ignore this email.`,
    html: `<p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p><p><a href="${link}">Choose a new password</a> (valid for 1 hour, usable once).</p><p>If it was not you, ignore this email.</p>`,
    dedupeKey: verificationMessageKey("password_reset", verificationId),
    secrets: [encodeURIComponent(token)],
  });
}

/** Why a reset link cannot be used, or null when it can. */
export async function checkResetToken(token: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ usedAt: verifications.usedAt, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.secretHash, hashSecret(token)), eq(verifications.kind, "password_reset")))
    .limit(1);
  if (!row) return accountMessages.linkInvalid;
  if (row.usedAt) return accountMessages.linkUsed;
  if (row.expiresAt <= now) return accountMessages.linkExpired;
  return null;
}

/** Sets the new password, spends the link and ends every session of the user, together. */
export async function resetPassword(
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ ok: true; userId: number } | { ok: false; message: string }> {
  const problem = await checkResetToken(input.token, now);
  if (problem) return { ok: false, message: problem };
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(verifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(verifications.secretHash, hashSecret(input.token)),
          eq(verifications.kind, "password_reset"),
          isNull(verifications.usedAt),
          gt(verifications.expiresAt, now),
        ),
      )
      .returning({ id: verifications.id, userId: verifications.userId });
    if (!spent) return { ok: false as const, message: accountMessages.linkUsed };
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await tx
      .delete(sessions)
      .where(or(eq(sessions.userId, spent.userId), eq(sessions.impersonatorUserId, spent.userId)));
    return { ok: true as const, userId: spent.userId, verificationId: spent.id };
  });
  if (!result.ok) return result;
  await removeUsedSecret(
    verificationMessageKey("password_reset", result.verificationId),
    encodeURIComponent(input.token),
  );
  return { ok: true, userId: result.userId };
}

/** The spec's Current user entity. */
export function currentUser(access: Access, quickBooksInfo: QuickBooksInfo | null = null) {
  const { user, company } = access;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    roles: [user.role],
    features: company.planFeatures,
    subscription: {
      isActive: company.subscription.isActive,
      isTrialing: company.subscription.isTrialing,
      trialExpiration: company.subscription.trialExpiration,
      expirationDate: company.subscription.expirationDate,
    },
    isShadowLogIn: user.impersonatorUserId !== null,
    defaultArrivalWindowOffset: user.defaultArrivalWindowOffset,
    quickBooksInfo,
    businessName: company.businessName,
    logoUrl: user.logoUrl,
    companyLogoUrl: company.logoUrl,
    country: company.country,
    company: {
      id: company.id,
      businessName: company.businessName,
      logoUrl: company.logoUrl,
      country: company.country,
      timezone: company.timezone,
      featureFlags: company.featureFlags,
      twoWayTextEnabled: company.twoWayTextEnabled,
      planName: company.planName,
    },
    calendarSyncToken: user.calendarSyncToken,
    canSendEmails: true,
    canSendSms: company.messagingReady,
  };
}
export type CurrentUser = ReturnType<typeof currentUser>;

/** The company's users (for pickers and the schedule), by name. */
export async function listCompanyUsers(ctx: CallerContext) {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      color: users.color,
    })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role,
    color: r.color,
  }));
}
