import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { sessions, users } from "~/db/schema";
import { loadAccessBySession, type Access } from "~/access/access.server";
import { writeImpersonationLog, writeImpersonationLogLater } from "~/models/accounts/impersonation-log.server";
import { Role } from "~/access/roles";
import { endSessionConnections } from "~/services/realtime/index.server";
import { routePath } from "~/access/route-table";
import {
  authSessionStorage,
  commitNewSession,
  createSessionRow,
  destroySession,
  getAuthSession,
  liveSession,
  type PendingTwoFactor,
} from "~/sessions.server";

export type { PendingTwoFactor };
const PENDING_KEY = "pendingTwoFactor";
const OWN_SESSION_KEY = "impersonatorSessionId";

export async function startTwoFactor(request: Request, pending: PendingTwoFactor): Promise<string> {
  const session = await getAuthSession(request);
  session.set(PENDING_KEY, pending);
  return authSessionStorage().commitSession(session);
}

export async function readPendingTwoFactor(request: Request, now = Date.now()): Promise<PendingTwoFactor | null> {
  const pending = (await getAuthSession(request)).get(PENDING_KEY);
  return pending && typeof pending.userId === "number" && pending.expiresAt > now ? pending : null;
}

export async function clearTwoFactor(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  session.unset(PENDING_KEY);
  return authSessionStorage().commitSession(session);
}

export class ShadowLogInError extends Error {}

/**
 * The super admin acts as another user (of any company): a new session row names that user
 * with impersonator_user_id set; the super admin's own row stays for the way back.
 */
export async function startShadowLogIn(request: Request, access: Access, targetUserId: number): Promise<string | null> {
  const [target] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, targetUserId), isNull(users.deletedAt)))
    .limit(1);
  if (!target) return null;
  if (target.role === Role.SuperAdmin) throw new ShadowLogInError("A super admin cannot be shadowed");
  // Written first: no shadow session without its line in the audit log.
  await writeImpersonationLog({
    impersonatorUserId: access.user.id,
    userId: target.id,
    action: "shadow_log_in",
    method: request.method,
    path: routePath(new URL(request.url)),
  });
  const session = await getAuthSession(request);
  session.set(OWN_SESSION_KEY, access.user.sessionId);
  session.set("sessionId", await createSessionRow(target.id, access.user.id));
  return authSessionStorage().commitSession(session);
}

/**
 * Ends the shadow session and returns to the super admin's own session. When that one ended
 * meanwhile (log-out elsewhere, password reset) the answer is signed out, never a new session.
 */
export async function endShadowLogIn(
  request: Request,
  access: Access,
): Promise<{ cookie: string; signedIn: boolean } | null> {
  if (access.user.impersonatorUserId === null) return null;
  const session = await getAuthSession(request);
  const own = session.get(OWN_SESSION_KEY);
  await db.delete(sessions).where(eq(sessions.id, access.user.sessionId));
  writeImpersonationLogLater({
    impersonatorUserId: access.user.impersonatorUserId,
    userId: access.user.id,
    action: "shadow_log_out",
    method: request.method,
    path: routePath(new URL(request.url)),
  });
  session.unset(OWN_SESSION_KEY);
  const [alive] =
    typeof own === "string"
      ? await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              eq(sessions.id, own),
              eq(sessions.userId, access.user.impersonatorUserId),
              isNull(sessions.impersonatorUserId),
              liveSession(),
            ),
          )
          .limit(1)
      : [];
  if (!alive) return { cookie: await authSessionStorage().destroySession(session), signedIn: false };
  session.set("sessionId", alive.id);
  return { cookie: await authSessionStorage().commitSession(session), signedIn: true };
}

/** Log out: the session row dies (and, while shadowing, the super admin's own one too). */
export async function logOut(request: Request): Promise<string> {
  const session = await getAuthSession(request);
  const own = session.get(OWN_SESSION_KEY);
  if (typeof own === "string") {
    await db.delete(sessions).where(eq(sessions.id, own));
  }
  const current = session.get("sessionId");
  // Its live connections close now rather than at the hubs' next check of their sessions.
  for (const ended of [own, current]) if (typeof ended === "string") endSessionConnections(ended);
  return destroySession(request);
}

/** Signs the user in on a fresh session row; returns the cookie and the new session's access. */
export async function signInSession(request: Request, userId: number): Promise<{ cookie: string; access: Access }> {
  const cookie = await commitNewSession(request, userId);
  const sessionId = (await authSessionStorage().getSession(cookie.split(";")[0])).get("sessionId");
  if (!sessionId) throw new Error("The new session has no id");
  const access = await loadAccessBySession(sessionId);
  if (!access) throw new Error("The new session could not be read back");
  return { cookie, access };
}

/** The access of the session a Set-Cookie header names (after a switch of session). */
export async function accessFromCookie(cookie: string): Promise<Access | null> {
  const sessionId = (await authSessionStorage().getSession(cookie.split(";")[0])).get("sessionId");
  return typeof sessionId === "string" ? loadAccessBySession(sessionId) : null;
}
