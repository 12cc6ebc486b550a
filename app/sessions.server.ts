import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { db } from "~/db.server";
import { sessions, users } from "~/db/schema";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";
import { randomToken } from "~/models/accounts/passwords.server";

const SESSION_DAYS = 30;
/** A session's last-seen time moves at most this often: one write a minute, not one per request. */
export const SEEN_EVERY_MS = 60_000;

const secrets = () => [env().SESSION_SECRET ?? DEV_SESSION_SECRET];

/**
 * The rule of every session lookup: before its absolute end (30 days) and used within the idle
 * timeout (SESSION_IDLE_DAYS).
 */
export function liveSession(now = new Date()) {
  return and(
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - env().SESSION_IDLE_DAYS * 86_400_000)),
  );
}

/** Moves a live session's last-seen time forward, when the one just read is over a minute old. */
export async function markSessionSeen(sessionId: string, lastSeenAt: Date, now = new Date()): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < SEEN_EVERY_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, now)));
}

/** The sign-in waiting for its code: who, until when, and where to go after. Never the password. */
export type PendingTwoFactor = { userId: number; expiresAt: number; redirectTo: string | null };

/** What the signed auth cookie holds: ids only. */
export type AuthCookieData = {
  sessionId: string;
  pendingTwoFactor: PendingTwoFactor;
  /** While a super admin acts as someone else: the id of their own session row, for the way back. */
  impersonatorSessionId: string;
};

let authStorage: SessionStorage<AuthCookieData> | undefined;
/**
 * The cookie names a row of the sessions table; the row can be revoked. Cookies here carry no
 * Secure flag (a storage's flag is fixed at its creation): every answer to a request that came
 * over HTTPS gets it on each of its cookies (utils/response-policy.server.ts).
 */
export function authSessionStorage(): SessionStorage<AuthCookieData> {
  authStorage ??= createCookieSessionStorage<AuthCookieData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: secrets(),
      maxAge: SESSION_DAYS * 86400,
    },
  });
  return authStorage;
}

let toastUtils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;
/** Flash toasts in a signed cookie of their own (remix-toast's default cookie is not signed). */
export function toasts() {
  toastUtils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: { name: "__toast", httpOnly: true, sameSite: "lax", path: "/", secrets: secrets() },
    }),
  );
  return toastUtils;
}

export async function getAuthSession(request: Request) {
  return authSessionStorage().getSession(request.headers.get("Cookie"));
}

export type SessionRow = { sessionId: string; userId: number; impersonatorUserId: number | null };

/** The live session named by the cookie, or null (expired, idle too long, revoked, user deleted). */
export async function readSession(request: Request): Promise<SessionRow | null> {
  const session = await getAuthSession(request);
  const sessionId = session.get("sessionId");
  if (typeof sessionId !== "string") return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      impersonatorUserId: sessions.impersonatorUserId,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), liveSession(), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  await markSessionSeen(row.sessionId, row.lastSeenAt);
  return { sessionId: row.sessionId, userId: row.userId, impersonatorUserId: row.impersonatorUserId };
}

export async function createSessionRow(userId: number, impersonatorUserId: number | null = null): Promise<string> {
  const id = randomToken();
  await db
    .insert(sessions)
    .values({ id, userId, impersonatorUserId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) });
  return id;
}

/** Signs a user in with a fresh session row (rotation) and returns the Set-Cookie header. */
export async function commitNewSession(
  request: Request,
  userId: number,
  impersonatorUserId: number | null = null,
): Promise<string> {
  const session = await getAuthSession(request);
  const previous = session.get("sessionId");
  if (typeof previous === "string" && !impersonatorUserId) {
    await db.delete(sessions).where(eq(sessions.id, previous));
  }
  session.unset("pendingTwoFactor");
  session.set("sessionId", await createSessionRow(userId, impersonatorUserId));
  return authSessionStorage().commitSession(session);
}

/** Ends the session row and clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  const sessionId = session.get("sessionId");
  if (typeof sessionId === "string") {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }
  return authSessionStorage().destroySession(session);
}

// Stands for our origin while parsing: whatever a path resolves to must keep it.
const OWN_ORIGIN = "http://fieldwise.invalid";
// Raw backslashes, tabs, newlines and other control characters (browsers drop or turn them into slashes).
const REFUSED_ANYWHERE = /[\\\u0000-\u001f\u007f]/;
// Encoded slashes and backslashes (a later decoding turns /%2F%2Fevil.com into //evil.com), encoded
// control characters, and double encoding.
const REFUSED_IN_PATH = /%(2f|5c|25|0[0-9a-f]|1[0-9a-f]|7f)/i;

/**
 * Every return address taken from a form or a query (redirectTo, returnTo) goes through here: it
 * is kept only as a path of this site that parses, against our origin, to our origin; anything
 * else (another host, a scheme, tabs, backslashes, encoded slashes) gives the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || REFUSED_ANYWHERE.test(to)) return fallback;
  const path = to.split(/[?#]/, 1)[0];
  if (REFUSED_IN_PATH.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * Sends a visitor to sign in, back to the wanted page afterwards. A dead session (expired, revoked,
 * user deleted) also gets its cookie cleared and the spec's 'You were logged out' toast.
 */
export async function loginRedirect(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  const to = wanted === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(wanted)}`;
  const session = await getAuthSession(request);
  if (typeof session.get("sessionId") !== "string") return redirect(to);
  const headers = new Headers({ "Set-Cookie": await authSessionStorage().destroySession(session) });
  return toasts().redirectWithError(to, "You were logged out", { headers });
}
