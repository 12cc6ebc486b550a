import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { sessions } from "~/db/schema";
import { env } from "~/server/env.server";
import { getAccess } from "~/access/access.server";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard";
import { loader as currentLoader } from "~/routes/api+/users+/current";
import { authSessionStorage, readSession } from "~/sessions.server";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, makeRequest, sessionCookie } from "../../helpers/factories";
import { call } from "./helpers";

useTestDatabase();

const DAY = 86_400_000;

/** A signed-in user's cookie whose session was last used `ago` milliseconds back (not looked up yet). */
async function sessionLastSeen(ago: number) {
  const { userId, email } = await createTestCompany();
  const cookie = await sessionCookie(userId);
  const sessionId = (await authSessionStorage().getSession(cookie)).get("sessionId")!;
  const lastSeenAt = new Date(Date.now() - ago);
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
  return { userId, email, cookie, sessionId, lastSeenAt };
}

const storedLastSeen = async (sessionId: string) =>
  (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]?.at;

describe("idle timeout", () => {
  it("is 7 days unless SESSION_IDLE_DAYS says otherwise", () => {
    expect(env().SESSION_IDLE_DAYS).toBe(7);
  });

  it("refuses a session unused for longer than the idle timeout, though its 30 days are not over", async () => {
    const idle = await sessionLastSeen(7 * DAY + 60_000);
    expect(await getAccess(makeRequest("/dashboard", { cookie: idle.cookie }))).toBeNull();
    expect(await readSession(makeRequest("/dashboard", { cookie: idle.cookie }))).toBeNull();
    const page = await call(dashboardLoader, makeRequest("/dashboard", { cookie: idle.cookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: idle.cookie }))).status).toBe(401);
    // Refusing it does not bring it back to life.
    expect(await storedLastSeen(idle.sessionId)).toEqual(idle.lastSeenAt);
  });

  it("keeps a session used within the idle timeout and moves its last-seen time to now", async () => {
    const recent = await sessionLastSeen(7 * DAY - 60 * 60_000);
    const before = Date.now();
    const access = await getAccess(makeRequest("/dashboard", { cookie: recent.cookie }));
    expect(access?.user.id).toBe(recent.userId);
    const seen = (await storedLastSeen(recent.sessionId))!.getTime();
    expect(seen).toBeGreaterThanOrEqual(before - 1000);
    const me = await call(currentLoader, makeRequest("/api/users/current", { cookie: recent.cookie }));
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(recent.email);
    expect((await readSession(makeRequest("/jobs", { cookie: recent.cookie })))?.userId).toBe(recent.userId);
  });

  it("writes the last-seen time at most once a minute", async () => {
    const fresh = await sessionLastSeen(30_000);
    await getAccess(makeRequest("/dashboard", { cookie: fresh.cookie }));
    await readSession(makeRequest("/jobs", { cookie: fresh.cookie }));
    expect(await storedLastSeen(fresh.sessionId)).toEqual(fresh.lastSeenAt);
  });

  it("still ends a session at its absolute lifetime, however recently used", async () => {
    const busy = await sessionLastSeen(0);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, busy.sessionId));
    expect(await getAccess(makeRequest("/dashboard", { cookie: busy.cookie }))).toBeNull();
  });
});
