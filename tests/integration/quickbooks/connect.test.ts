import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { quickBooksConnections, quickBooksSyncLog } from "~/db/schema";
import { connectState, stateIsValid } from "~/models/quickbooks/connection.server";
import { quickBooksMessages } from "~/models/quickbooks/quickbooks.schema";
import { action as pageAction, loader as pageLoader } from "~/routes/_app+/integrations+/quickbooks";
import { loader as callbackLoader } from "~/routes/_app+/integrations+/quickbooks_.callback";
import { loader as currentLoader } from "~/routes/api+/users+/current";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { callRoute } from "../route-call";
import { addCustomer, addInvoice, connect, quickBooksForThisFile } from "./fixtures";

const qbo = await quickBooksForThisFile();
useTestDatabase();

const post = (cookie: string, intent: string) =>
  callRoute(pageAction, "/integrations/quickbooks", {
    method: "POST",
    cookie,
    body: new URLSearchParams({ intent }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
const callback = (cookie: string, query: Record<string, string>) =>
  callRoute(callbackLoader, `/integrations/quickbooks/callback?${new URLSearchParams(query)}`, { cookie });
const connectionOf = async (companyId: number) =>
  (await db.select().from(quickBooksConnections).where(eq(quickBooksConnections.companyId, companyId)))[0];

/** A company admin's Connect: Intuit's consent URL and the state in it. */
async function startConnect() {
  const { companyId, userId } = await createTestCompany();
  const cookie = await sessionCookie(userId);
  const res = await post(cookie, "connect");
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get("Location")!);
  return { companyId, cookie, location, state: location.searchParams.get("state")! };
}

describe("connecting QuickBooks", () => {
  it("Connect sends the admin to Intuit's consent screen with the accounting scope and a state", async () => {
    const { location, state, companyId, cookie } = await startConnect();
    expect(`${location.origin}${location.pathname}`).toBe(`${qbo.url}/connect/oauth2`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: "fieldwise-test-client",
      response_type: "code",
      scope: "com.intuit.quickbooks.accounting",
      redirect_uri: "http://localhost:3000/integrations/quickbooks/callback",
      state,
    });
    expect(state.startsWith(`${companyId}.`)).toBe(true);
    const me = await callRoute(currentLoader, "/api/users/current", { cookie });
    expect(me.body.quickBooksInfo).toEqual({ isConnected: false, companyName: null, lastSyncedAt: null });
  });

  it("the callback exchanges the code, stores the tokens and the QuickBooks company's name", async () => {
    const { companyId, cookie, state } = await startConnect();
    const res = await callback(cookie, { code: "code-abc", state, realmId: "9130355" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/integrations/quickbooks");
    const exchange = qbo.requests.find((r) => r.body.code === "code-abc")!;
    expect(exchange.body).toEqual({
      grant_type: "authorization_code",
      code: "code-abc",
      redirect_uri: "http://localhost:3000/integrations/quickbooks/callback",
    });
    const row = await connectionOf(companyId);
    expect(row.realmId).toBe("9130355");
    expect(row.companyName).toBe("Sandbox Company_US_1");
    expect(qbo.accessTokens.has(row.accessToken)).toBe(true);
    expect(qbo.refreshTokens.has(row.refreshToken)).toBe(true);
    expect(row.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);

    const page = await callRoute(pageLoader, "/integrations/quickbooks", { cookie });
    expect(page.status).toBe(200);
    expect(page.body.configured).toBe(true);
    expect(page.body.info).toEqual({ isConnected: true, companyName: "Sandbox Company_US_1", lastSyncedAt: null });
    const me = await callRoute(currentLoader, "/api/users/current", { cookie });
    expect(me.body.quickBooksInfo).toEqual({
      isConnected: true,
      companyName: "Sandbox Company_US_1",
      lastSyncedAt: null,
    });
  });

  it("refuses a wrong, tampered or expired state and stores nothing", async () => {
    const { companyId, cookie, state } = await startConnect();
    const [company, expires, mac] = state.split(".");
    for (const bad of [
      "",
      "nonsense",
      `${company}.${expires}.${mac.slice(0, -2)}xx`,
      `${Number(company) + 1}.${expires}.${mac}`,
      `${company}.${Number(expires) + 60}.${mac}`,
    ]) {
      const res = await callback(cookie, { code: "code-bad", state: bad, realmId: "9130355" });
      expect(res.status, bad).toBe(302);
    }
    expect(await connectionOf(companyId)).toBeUndefined();
    expect(qbo.requests.some((r) => r.body.code === "code-bad")).toBe(false);

    const owner = { companyId, sessionId: "session-a" };
    const old = connectState(owner, Date.now() - 31 * 60_000);
    expect(stateIsValid(old, owner)).toBe(false);
    expect(stateIsValid(connectState(owner), owner)).toBe(true);
    expect(stateIsValid(connectState(owner), { companyId, sessionId: "session-b" })).toBe(false);
  });

  it("refuses another session's state (a link made for someone else)", async () => {
    const { companyId, state } = await startConnect();
    const { userId } = await createTestCompany();
    const other = await sessionCookie(userId);
    await callback(other, { code: "code-stolen", state, realmId: "9130355" });
    expect(await connectionOf(companyId)).toBeUndefined();
    expect(qbo.requests.some((r) => r.body.code === "code-stolen")).toBe(false);
  });

  it("Intuit's 'access denied' answer stores nothing", async () => {
    const { companyId, cookie, state } = await startConnect();
    const res = await callback(cookie, { error: "access_denied", state });
    expect(res.status).toBe(302);
    expect(await connectionOf(companyId)).toBeUndefined();
    expect(quickBooksMessages.refused).toBe("QuickBooks did not connect: permission was not given.");
  });
});

describe("the QuickBooks page", () => {
  it("Sync now syncs (inline without a queue) and the log lists failures first, or errors only", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    await connect(qbo, companyId);
    const ivy = await addCustomer(companyId, "Ivy", `Log${companyId}`);
    const bad = await addInvoice(companyId, ivy);
    await addInvoice(companyId, ivy);
    qbo.failWrite = (entity, body) =>
      entity === "Invoice" && body.DocNumber === String(bad.number) ? "Bad line" : null;
    try {
      const res = await post(cookie, "sync");
      expect(res.status).toBe(302);
    } finally {
      qbo.failWrite = null;
    }
    const all = await callRoute(pageLoader, "/integrations/quickbooks", { cookie });
    expect(all.body.log.total).toBe(3);
    expect(all.body.log.entries[0]).toMatchObject({
      entityType: "invoice",
      localId: bad.id,
      outcome: "failed",
      message: "A business validation error has occurred while processing your request: Bad line",
      path: `/invoices/${bad.id}`,
    });
    expect(all.body.info.lastSyncedAt).not.toBeNull();
    const errors = await callRoute(pageLoader, "/integrations/quickbooks?errors=1", { cookie });
    expect(errors.body.log.entries.map((e: { localId: number }) => e.localId)).toEqual([bad.id]);
  });

  it("Disconnect forgets the tokens and keeps the log", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    await connect(qbo, companyId);
    await db.insert(quickBooksSyncLog).values({ companyId, entityType: "customer", localId: 1, outcome: "created" });
    const res = await post(cookie, "disconnect");
    expect(res.status).toBe(302);
    expect(await connectionOf(companyId)).toBeUndefined();
    expect(await db.select().from(quickBooksSyncLog).where(eq(quickBooksSyncLog.companyId, companyId))).toHaveLength(1);
    expect((await post(cookie, "bogus")).status).toBe(400);
  });
});
