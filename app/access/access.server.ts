import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, planFeatures, plans, sessions, subscriptions, users } from "~/db/schema";
import { hasAppFeature } from "~/access/features";
import { findRouteRule, isRouteEntry, type RouteRule } from "~/access/route-table";
import { homePathFor, type RoleValue } from "~/access/roles";
import { getAuthSession, liveSession, loginRedirect, markSessionSeen } from "~/sessions.server";

export type SubscriptionState = {
  status: number;
  isActive: boolean;
  isTrialing: boolean;
  trialExpiration: string | null;
  expirationDate: string | null;
  hasPaymentMethod: boolean;
};

export type SessionUser = {
  id: number;
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: RoleValue;
  color: string | null;
  logoUrl: string | null;
  twoFactorEnabled: boolean;
  defaultArrivalWindowOffset: number;
  calendarSyncToken: string | null;
  sessionId: string;
  impersonatorUserId: number | null;
};

export type CompanyAccess = {
  id: number;
  businessName: string;
  logoUrl: string | null;
  country: "US" | "CA";
  timezone: string;
  featureFlags: number;
  twoWayTextEnabled: boolean;
  messagingReady: boolean;
  planId: number | null;
  planName: string | null;
  employeeLimit: number;
  planFeatures: number[];
  subscription: SubscriptionState;
};

/** What every model function receives: who asks, for which company (and the super admin acting as them, in a shadow log-in). */
export type CallerContext = { companyId: number; userId: number; role: RoleValue; impersonatorUserId?: number | null };

export type Access = { user: SessionUser; company: CompanyAccess; ctx: CallerContext };

export function subscriptionState(
  row: { status: number; trialExpiration: Date | null; expirationDate: Date | null; hasPaymentMethod: boolean } | null,
  now = new Date(),
): SubscriptionState {
  if (!row)
    return {
      status: 1,
      isActive: false,
      isTrialing: false,
      trialExpiration: null,
      expirationDate: null,
      hasPaymentMethod: false,
    };
  const isTrialing = row.status === 0;
  const isActive = isTrialing
    ? !!row.trialExpiration && row.trialExpiration > now
    : row.status === 2 && (!row.expirationDate || row.expirationDate > now);
  return {
    status: row.status,
    isActive,
    isTrialing,
    trialExpiration: row.trialExpiration?.toISOString() ?? null,
    expirationDate: row.expirationDate?.toISOString() ?? null,
    hasPaymentMethod: row.hasPaymentMethod,
  };
}

const accessColumns = {
  user: {
    id: users.id,
    companyId: users.companyId,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    color: users.color,
    logoUrl: users.logoUrl,
    twoFactorEnabled: users.twoFactorEnabled,
    defaultArrivalWindowOffset: users.defaultArrivalWindowOffset,
    calendarSyncToken: users.calendarSyncToken,
  },
  company: {
    id: companies.id,
    businessName: companies.businessName,
    logoUrl: companies.logoUrl,
    country: companies.country,
    timezone: companies.timezone,
    featureFlags: companies.featureFlags,
    twoWayTextEnabled: companies.twoWayTextEnabled,
    messagingReady: companies.messagingReady,
  },
  subscription: {
    status: subscriptions.status,
    planId: subscriptions.planId,
    trialExpiration: subscriptions.trialExpiration,
    expirationDate: subscriptions.expirationDate,
    hasPaymentMethod: subscriptions.hasPaymentMethod,
  },
  planName: plans.name,
  employeeLimit: plans.employeeLimit,
  planFeatures: sql<
    number[]
  >`coalesce((select array_agg(${planFeatures.featureId}) from ${planFeatures} where ${planFeatures.planId} = ${subscriptions.planId}), '{}')`,
};

const selectAccess = () =>
  db
    .select(accessColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId));
type AccessRow = Awaited<ReturnType<typeof selectAccess>>[number];

function toAccess(row: AccessRow, sessionId: string, impersonatorUserId: number | null): Access {
  const user: SessionUser = { ...row.user, role: row.user.role as RoleValue, sessionId, impersonatorUserId };
  const sub =
    row.subscription?.status == null
      ? null
      : (row.subscription as {
          status: number;
          trialExpiration: Date | null;
          expirationDate: Date | null;
          hasPaymentMethod: boolean;
        });
  const company: CompanyAccess = {
    ...row.company,
    country: row.company.country === "CA" ? "CA" : "US",
    planId: row.subscription?.planId ?? null,
    planName: row.planName,
    employeeLimit: row.employeeLimit ?? 1,
    planFeatures: (row.planFeatures ?? []).map(Number),
    subscription: subscriptionState(sub),
  };
  return { user, company, ctx: { companyId: company.id, userId: user.id, role: user.role, impersonatorUserId } };
}

/**
 * Loads user, company, subscription and plan features for a live session id in one round trip
 * (expired, idle or revoked sessions give null), and moves its last-seen time on (once a minute).
 */
export async function loadAccessBySession(sessionId: string): Promise<Access | null> {
  const [row] = await db
    .select({ ...accessColumns, impersonatorUserId: sessions.impersonatorUserId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(sessions.id, sessionId), liveSession(), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  await markSessionSeen(sessionId, row.lastSeenAt);
  return toAccess(row, sessionId, row.impersonatorUserId);
}

/** The access of a live user without a browser session (API key calls act as a user); sessionId names the credential. */
export async function loadAccessForUser(userId: number, sessionId: string): Promise<Access | null> {
  const [row] = await selectAccess()
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ? toAccess(row, sessionId, null) : null;
}

/** The signed-in user's access, or null: the session cookie's live session, looked up afresh. */
export async function getAccess(request: Request): Promise<Access | null> {
  const session = await getAuthSession(request);
  const sessionId = session.get("sessionId");
  return typeof sessionId === "string" ? loadAccessBySession(sessionId) : null;
}

/**
 * The access of one request, in its load context (app/server/request-handler.server.ts): the
 * loaders of a page share one lookup; an action gets its own (it may change the access, and the
 * loaders that follow it look again). The entry is the route-table entry the caller checks against:
 * the server's lookup does not need it; a test's records that it was named (tests/unit/route-access-names.test.ts).
 */
export type AccessLookup = (request: Request, entry: RouteRule | undefined) => Promise<Access | null>;

const READS = new Set(["GET", "HEAD"]);

export function accessLookup(): AccessLookup {
  let forLoaders: Promise<Access | null> | undefined;
  let forAction: Promise<Access | null> | undefined;
  return (request) => {
    if (READS.has(request.method)) return (forLoaders ??= getAccess(request));
    return (forAction ??= getAccess(request));
  };
}

/** What a loader, action or API route hands the access checks: its request and load context. */
export type AccessArgs = { request: Request; context?: AppLoadContext };

/** The context's lookup; a loader called without the server's context (a test) looks up itself. */
export function accessOf({ request, context }: AccessArgs, entry?: RouteRule): Promise<Access | null> {
  const lookup = (context as { access?: AccessLookup } | undefined)?.access;
  return lookup ? lookup(request, entry) : getAccess(request);
}

/** The checks take only entries of the table (screens.customers.list), never a rule made on the spot. */
export function assertEntry(entry: RouteRule, kinds: readonly RouteRule["kind"][]): void {
  if (!isRouteEntry(entry))
    throw new Error("The access check names no route-table entry (screens.* in app/access/route-table.ts)");
  if (!kinds.includes(entry.kind))
    throw new Error(
      `screens.${entry.name} is ${entry.kind}: use ${entry.kind === "private" ? "requireAccess" : entry.kind === "client" ? "requirePortal" : "optionalAccess"}`,
    );
}

export function forbidden(): never {
  throw json({ message: "You do not have permission to access." }, { status: 403 });
}

export function notFound(): never {
  throw json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
}

/** A page's record id from its path: a positive integer, else 404 like another company's record. */
export function pathRecordId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}

/** Why a signed-in user fails a rule, or null when they pass. */
export function ruleFailure(rule: RouteRule, access: Access): "role" | "plan" | "feature" | null {
  if (rule.roles && !rule.roles.includes(access.user.role)) return "role";
  if (rule.planFeatures?.some((f) => !access.company.planFeatures.includes(f))) return "plan";
  if (rule.appFeatures?.some((bit) => !hasAppFeature(access.company.featureFlags, bit))) return "feature";
  if (rule.needsTwoWayTextEnabled && !access.company.twoWayTextEnabled) return "feature";
  return null;
}

/** Whether the signed-in user may open a path (for navigation and links). */
export function canOpen(access: Access, pathname: string): boolean {
  const rule = findRouteRule(pathname);
  // A staff session opens no portal page (client kind): those need a portal session.
  return !!rule && rule.kind !== "client" && (rule.kind !== "private" || ruleFailure(rule, access) === null);
}

/**
 * The access check of every private screen's loader and action, named by its entry
 * (`requireAccess({ request, context }, screens.customers.list)`): a session is needed (else
 * sign-in with redirectTo), and role, plan feature and application feature must pass (else 403).
 */
export async function requireAccess(args: AccessArgs, entry: RouteRule): Promise<Access> {
  assertEntry(entry, ["private"]);
  const access = await accessOf(args, entry);
  if (!access) throw await loginRedirect(args.request);
  if (ruleFailure(entry, access)) forbidden();
  return access;
}

/** For guest and public pages, named by their entry: a signed-in user on a guest page goes home. */
export async function optionalAccess(args: AccessArgs, entry: RouteRule): Promise<Access | null> {
  assertEntry(entry, ["guest", "public"]);
  const access = await accessOf(args, entry);
  if (access && entry.kind === "guest") throw redirect(homePathFor(access.user.role));
  return access;
}
