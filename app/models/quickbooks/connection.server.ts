import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { quickBooksConnections } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";
import {
  authorizeUrl,
  exchangeCode,
  QuickBooksApi,
  quickBooksSettings,
  refreshTokens,
  type QuickBooksSettings,
} from "~/services/quickbooks.server";
import { quickBooksMessages } from "~/models/quickbooks/quickbooks.schema";

/** Where Intuit sends the company admin back (registered as the app's redirect URI at Intuit). */
export const CALLBACK_PATH = "/integrations/quickbooks/callback";
/** How long the Connect link's state stays good: the consent screen takes a minute, not a day. */
const STATE_MINUTES = 30;
/** An access token this close to its expiry is refreshed before a sync uses it. */
const REFRESH_MARGIN_MS = 5 * 60_000;

type StateOwner = { companyId: number; sessionId: string };

const stateSecret = () => `quickbooks-state:${env().SESSION_SECRET ?? DEV_SESSION_SECRET}`;
const stateMac = (owner: StateOwner, expires: number) =>
  createHmac("sha256", stateSecret()).update(`${owner.companyId}:${owner.sessionId}:${expires}`).digest("base64url");

/**
 * The OAuth state: the company, an expiry and an HMAC over them and the signed-in session, so the
 * callback accepts only the answer to a Connect started by this session for this company.
 */
export function connectState(owner: StateOwner, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + STATE_MINUTES * 60;
  return `${owner.companyId}.${expires}.${stateMac(owner, expires)}`;
}

export function stateIsValid(state: string, owner: StateOwner, now = Date.now()): boolean {
  const [company, expiresText, mac, extra] = state.split(".");
  const expires = Number(expiresText);
  if (extra !== undefined || !mac || Number(company) !== owner.companyId) return false;
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(stateMac(owner, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const callbackUrl = () => absoluteUrl(CALLBACK_PATH);

/** Intuit's consent URL for this session's company, or null when accounting sync is not configured. */
export function connectUrl(owner: StateOwner): string | null {
  const settings = quickBooksSettings();
  return settings ? authorizeUrl(settings, callbackUrl(), connectState(owner)) : null;
}

/**
 * The callback's work once the state is checked: the code for tokens, the company's name from
 * CompanyInfo, one connection row per company (a reconnect replaces the tokens).
 */
export async function completeConnection(
  companyId: number,
  input: { code: string; realmId: string },
  now = new Date(),
) {
  const settings = requireSettings();
  const tokens = await exchangeCode(settings, input.code, callbackUrl(), now);
  const companyName = await new QuickBooksApi(settings, input.realmId, tokens.accessToken)
    .companyName()
    .catch(() => null);
  const values = { realmId: input.realmId, ...tokens, companyName };
  await db
    .insert(quickBooksConnections)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: quickBooksConnections.companyId, set: values });
  return { companyName };
}

/** Forgets the tokens; links and the log stay, so a reconnect to the same realm updates instead of duplicating. */
export async function disconnect(companyId: number): Promise<boolean> {
  const gone = await db
    .delete(quickBooksConnections)
    .where(eq(quickBooksConnections.companyId, companyId))
    .returning({ companyId: quickBooksConnections.companyId });
  return gone.length > 0;
}

export type QuickBooksInfo = { isConnected: boolean; companyName: string | null; lastSyncedAt: string | null };

/** The current user's quickBooksInfo (spec part 1 section 3). */
export async function getQuickBooksInfo(companyId: number): Promise<QuickBooksInfo> {
  const [row] = await db
    .select({ companyName: quickBooksConnections.companyName, lastSyncedAt: quickBooksConnections.lastSyncedAt })
    .from(quickBooksConnections)
    .where(eq(quickBooksConnections.companyId, companyId))
    .limit(1);
  return {
    isConnected: !!row,
    companyName: row?.companyName ?? null,
    lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
  };
}

function requireSettings(): QuickBooksSettings {
  const settings = quickBooksSettings();
  if (!settings) throw new Error(quickBooksMessages.notConfigured);
  return settings;
}

/** The company's API with a live access token: refreshed (and stored) when it expires within minutes. */
export async function connectedApi(companyId: number, now = new Date()): Promise<QuickBooksApi | null> {
  const settings = quickBooksSettings();
  if (!settings) return null;
  const [row] = await db
    .select()
    .from(quickBooksConnections)
    .where(eq(quickBooksConnections.companyId, companyId))
    .limit(1);
  if (!row) return null;
  let accessToken = row.accessToken;
  if (row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= now.getTime()) {
    const tokens = await refreshTokens(settings, row.refreshToken, now);
    await db.update(quickBooksConnections).set(tokens).where(eq(quickBooksConnections.companyId, companyId));
    accessToken = tokens.accessToken;
  }
  return new QuickBooksApi(settings, row.realmId, accessToken);
}
