import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customerPortalSettings, customers, portalSessions, portalSignInLinks } from "~/db/schema";
import { hashSecret, randomToken } from "~/models/accounts/passwords.server";
import { env } from "~/server/env.server";
import type { PortalSettings } from "~/models/portal/settings.schema";
import { DEFAULT_PORTAL_SETTINGS } from "~/models/portal/settings.server";

/** A portal session's absolute lifetime; it also ends after SESSION_IDLE_DAYS unused, as a staff session does. */
export const PORTAL_SESSION_DAYS = 30;
/** A link the customer asked for on the sign-in page. */
export const REQUESTED_LINK_MINUTES = 15;
/** A link put into a message (an estimate, an invoice, a reminder): it may be read days later. */
export const MESSAGE_LINK_HOURS = 72;
/** The last-seen time moves at most this often (one write a minute, not one per request). */
const SEEN_EVERY_MS = 60_000;

export type PortalChannel = "email" | "text";

/** The path a sign-in link opens (its token is shown once, only its SHA-256 is stored). */
export const signInLinkPath = (token: string) => `/portal/sign-in/${token}`;
/** The company's portal sign-in page: the address to share with customers. */
export const portalSignInPath = (companyId: number) => `/portal/${companyId}/sign-in`;

/** Makes a single-use sign-in link for a customer of the company; returns its token. */
export async function mintSignInLink(args: {
  companyId: number;
  customerId: number;
  channel: PortalChannel;
  lifetimeMs: number;
  now?: Date;
}): Promise<string> {
  const token = randomToken(32);
  const now = args.now ?? new Date();
  await db.insert(portalSignInLinks).values({
    companyId: args.companyId,
    customerId: args.customerId,
    channel: args.channel,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + args.lifetimeMs),
  });
  return token;
}

export type LinkCheck = { ok: true; companyId: number; sessionToken: string } | { ok: false; companyId: number | null };

/**
 * Uses a sign-in link: its hash must name a link that is unused and unexpired, of a live customer
 * of a company whose portal is on. In one transaction the link is marked used (only one of two
 * racing requests wins) and a portal session opens; the session's cookie token is returned.
 */
export async function redeemSignInLink(token: string, now = new Date()): Promise<LinkCheck> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, companyId: null };
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(portalSignInLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(portalSignInLinks.tokenHash, hashSecret(token)),
          isNull(portalSignInLinks.usedAt),
          gt(portalSignInLinks.expiresAt, now),
        ),
      )
      .returning({ companyId: portalSignInLinks.companyId, customerId: portalSignInLinks.customerId });
    if (!link) {
      const [known] = await tx
        .select({ companyId: portalSignInLinks.companyId })
        .from(portalSignInLinks)
        .where(eq(portalSignInLinks.tokenHash, hashSecret(token)))
        .limit(1);
      return { ok: false, companyId: known?.companyId ?? null };
    }
    const [open] = await tx
      .select({ id: customers.id })
      .from(customers)
      .innerJoin(customerPortalSettings, eq(customerPortalSettings.companyId, customers.companyId))
      .where(
        and(
          eq(customers.id, link.customerId),
          eq(customers.companyId, link.companyId),
          isNull(customers.deletedAt),
          eq(customerPortalSettings.isEnabled, true),
        ),
      )
      .limit(1);
    if (!open) return { ok: false, companyId: link.companyId };
    const sessionToken = randomToken(32);
    await tx.insert(portalSessions).values({
      id: hashSecret(sessionToken),
      companyId: link.companyId,
      customerId: link.customerId,
      expiresAt: new Date(now.getTime() + PORTAL_SESSION_DAYS * 86_400_000),
      lastSeenAt: now,
    });
    return { ok: true, companyId: link.companyId, sessionToken };
  });
}

export type PortalSessionRow = {
  /** The portal_sessions row id (SHA-256 of the cookie's token). */
  sessionId: string;
  companyId: number;
  customerId: number;
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null };
  company: {
    id: number;
    businessName: string;
    logoUrl: string | null;
    timezone: string;
    country: "US" | "CA";
    phone: string | null;
  };
  /** From customer_portal_settings (the defaults when the company has no row). */
  settings: PortalSettings;
};

/**
 * The live portal session of a cookie's token, with its customer, company and portal settings in one
 * round trip: null when expired, idle too long, the customer deleted or the portal turned off.
 */
export async function loadPortalSession(sessionToken: string, now = new Date()): Promise<PortalSessionRow | null> {
  const sessionId = hashSecret(sessionToken);
  const idleSince = new Date(now.getTime() - env().SESSION_IDLE_DAYS * 86_400_000);
  const [row] = await db
    .select({
      companyId: portalSessions.companyId,
      customerId: portalSessions.customerId,
      lastSeenAt: portalSessions.lastSeenAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.mainPhoneNumber,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
      timezone: companies.timezone,
      country: companies.country,
      companyPhone: companies.businessPhoneNumber,
      settings: {
        isEnabled: customerPortalSettings.isEnabled,
        canApproveEstimates: customerPortalSettings.canApproveEstimates,
        canPayInvoices: customerPortalSettings.canPayInvoices,
        canSeeVisits: customerPortalSettings.canSeeVisits,
        canRequestWork: customerPortalSettings.canRequestWork,
        canManageCards: customerPortalSettings.canManageCards,
        accentColor: customerPortalSettings.accentColor,
        welcomeMessage: customerPortalSettings.welcomeMessage,
      },
    })
    .from(portalSessions)
    .innerJoin(
      customers,
      and(eq(customers.id, portalSessions.customerId), eq(customers.companyId, portalSessions.companyId)),
    )
    .innerJoin(companies, eq(companies.id, portalSessions.companyId))
    .innerJoin(customerPortalSettings, eq(customerPortalSettings.companyId, portalSessions.companyId))
    .where(
      and(
        eq(portalSessions.id, sessionId),
        gt(portalSessions.expiresAt, now),
        gt(portalSessions.lastSeenAt, idleSince),
        isNull(customers.deletedAt),
        eq(customerPortalSettings.isEnabled, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await db
      .update(portalSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(portalSessions.id, sessionId), lt(portalSessions.lastSeenAt, now)));
  }
  return {
    sessionId,
    companyId: row.companyId,
    customerId: row.customerId,
    customer: { firstName: row.firstName, lastName: row.lastName ?? "", email: row.email, phone: row.phone },
    company: {
      id: row.companyId,
      businessName: row.businessName,
      logoUrl: row.logoUrl,
      timezone: row.timezone,
      country: row.country === "CA" ? "CA" : "US",
      phone: row.companyPhone,
    },
    settings: row.settings ?? { ...DEFAULT_PORTAL_SETTINGS },
  };
}

/** Ends a portal session (sign-out). */
export async function endPortalSession(sessionToken: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.id, hashSecret(sessionToken)));
}

/** Whether the company exists and its portal is on (its sign-in page is shown). */
export async function portalCompany(companyId: number): Promise<{
  id: number;
  businessName: string;
  logoUrl: string | null;
  country: "US" | "CA";
  isEnabled: boolean;
} | null> {
  const [row] = await db
    .select({
      id: companies.id,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
      country: companies.country,
      isEnabled: sql<boolean>`coalesce(${customerPortalSettings.isEnabled}, false)`,
    })
    .from(companies)
    .leftJoin(customerPortalSettings, eq(customerPortalSettings.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ? { ...row, country: row.country === "CA" ? "CA" : "US", isEnabled: !!row.isEnabled } : null;
}

/**
 * What a sign-in link's page shows before it is used (a GET uses nothing: mail scanners fetch
 * links): whether it would open a session now, and the company it belongs to.
 */
export async function peekSignInLink(
  token: string,
  now = new Date(),
): Promise<{ usable: boolean; company: { id: number; businessName: string; logoUrl: string | null } | null }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { usable: false, company: null };
  const [row] = await db
    .select({
      usedAt: portalSignInLinks.usedAt,
      expiresAt: portalSignInLinks.expiresAt,
      customerDeletedAt: customers.deletedAt,
      isEnabled: sql<boolean>`coalesce(${customerPortalSettings.isEnabled}, false)`,
      company: { id: companies.id, businessName: companies.businessName, logoUrl: companies.logoUrl },
    })
    .from(portalSignInLinks)
    .innerJoin(companies, eq(companies.id, portalSignInLinks.companyId))
    .innerJoin(customers, eq(customers.id, portalSignInLinks.customerId))
    .leftJoin(customerPortalSettings, eq(customerPortalSettings.companyId, portalSignInLinks.companyId))
    .where(eq(portalSignInLinks.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row) return { usable: false, company: null };
  const usable = !row.usedAt && row.expiresAt > now && !row.customerDeletedAt && !!row.isEnabled;
  return { usable, company: row.company };
}
