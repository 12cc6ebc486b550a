import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { and, eq, gt, isNull } from "drizzle-orm";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { db } from "~/db.server";
import { sessions, users } from "~/db/schema";
import { DEV_SESSION_SECRET, env } from "~/env.server";
import { accessChanged } from "~/models/access-memory.server";
import { randomToken } from "~/models/passwords.server";

const SESSION_DAYS = 30;

const secrets = () => [env().SESSION_SECRET ?? DEV_SESSION_SECRET];
const secure = () => env().NODE_ENV === "production";

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
/** The cookie names a row of the sessions table; the row can be revoked. */
export function authSessionStorage(): SessionStorage<AuthCookieData> {
  authStorage ??= createCookieSessionStorage<AuthCookieData>({
    cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secure: secure(), secrets: secrets(), maxAge: SESSION_DAYS * 86400 },
  });
  return authStorage;
}

let toastUtils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;
/** Flash toasts in a signed cookie of their own (remix-toast's default cookie is not signed). */
export function toasts() {
  toastUtils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({ cookie: { name: "__toast", httpOnly: true, sameSite: "lax", path: "/", secure: secure(), secrets: secrets() } }),
  );
  return toastUtils;
}

export async function getAuthSession(request: Request) {
  return authSessionStorage().getSession(request.headers.get("Cookie"));
}

export type SessionRow = { sessionId: string; userId: number; impersonatorUserId: number | null };

/** The live session named by the cookie, or null (expired, revoked, user deleted). */
export async function readSession(request: Request): Promise<SessionRow | null> {
  const session = await getAuthSession(request);
  const sessionId = session.get("sessionId");
  if (typeof sessionId !== "string") return null;
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, impersonatorUserId: sessions.impersonatorUserId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function createSessionRow(userId: number, impersonatorUserId: number | null = null): Promise<string> {
  const id = randomToken();
  await db.insert(sessions).values({ id, userId, impersonatorUserId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) });
  return id;
}

/** Signs a user in with a fresh session row (rotation) and returns the Set-Cookie header. */
export async function commitNewSession(request: Request, userId: number, impersonatorUserId: number | null = null): Promise<string> {
  const session = await getAuthSession(request);
  const previous = session.get("sessionId");
  if (typeof previous === "string" && !impersonatorUserId) {
    await db.delete(sessions).where(eq(sessions.id, previous));
    accessChanged();
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
    accessChanged();
  }
  return authSessionStorage().destroySession(session);
}

/** Only same-site relative paths: no open redirect through redirectTo. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
