import { json, redirect } from "@remix-run/node";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, planFeatures, plans, sessions, subscriptions, users } from "~/db/schema";
import { rememberAccess } from "~/access/access-memory.server";
import { hasAppFeature } from "~/access/features";
import { findRouteRule, routePath, type RouteRule } from "~/access/route-table";
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

export function subscriptionState(row: { status: number; trialExpiration: Date | null; expirationDate: Date | null; hasPaymentMethod: boolean } | null, now = new Date()): SubscriptionState {
  if (!row) return { status: 1, isActive: false, isTrialing: false, trialExpiration: null, expirationDate: null, hasPaymentMethod: false };
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

/**
 * Remix hands each loader of one page its own copy of the Request, so the access of a request is
 * remembered by the id the server stamps on every incoming request (copied with the headers), and by
 * the Request itself where there is no id (loaders called directly in tests).
 */
export const REQUEST_ID_HEADER = "x-fieldwise-request-id";
const accessByRequest = new WeakMap<Request, Promise<Access | null>>();
const accessByRequestId = new Map<string, Promise<Access | null>>();
const REMEMBERED_REQUESTS = 1000;

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
  planFeatures: sql<number[]>`coalesce((select array_agg(${planFeatures.featureId}) from ${planFeatures} where ${planFeatures.planId} = ${subscriptions.planId}), '{}')`,
};

const selectAccess = () =>
  db.select(accessColumns).from(users).innerJoin(companies, eq(companies.id, users.companyId)).leftJoin(subscriptions, eq(subscriptions.companyId, companies.id)).leftJoin(plans, eq(plans.id, subscriptions.planId));
type AccessRow = Awaited<ReturnType<typeof selectAccess>>[number];

function toAccess(row: AccessRow, sessionId: string, impersonatorUserId: number | null): Access {
  const user: SessionUser = { ...row.user, role: row.user.role as RoleValue, sessionId, impersonatorUserId };
  const sub = row.subscription?.status == null ? null : (row.subscription as { status: number; trialExpiration: Date | null; expirationDate: Date | null; hasPaymentMethod: boolean });
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

/** The signed-in user's access, or null; computed once per request. */
export function getAccess(request: Request): Promise<Access | null> {
  // An action's own lookup is not reused by the loaders that follow it: the action may have changed it.
  const stamp = request.headers.get(REQUEST_ID_HEADER);
  const requestId = stamp && `${stamp} ${request.method}`;
  let pending = requestId ? accessByRequestId.get(requestId) : accessByRequest.get(request);
  if (!pending) {
    pending = getAuthSession(request).then((session) => {
      const sessionId = session.get("sessionId");
      return typeof sessionId === "string" ? rememberAccess(sessionId, () => loadAccessBySession(sessionId)) : null;
    });
    if (!requestId) accessByRequest.set(request, pending);
    else {
      // Oldest first: a page's loaders all run within moments of its arrival.
      if (accessByRequestId.size >= REMEMBERED_REQUESTS) accessByRequestId.delete(accessByRequestId.keys().next().value!);
      accessByRequestId.set(requestId, pending);
    }
  }
  return pending;
}

export function forbidden(): never {
  throw json({ message: "You do not have permission to access." }, { status: 403 });
}

export function notFound(): never {
  throw json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
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
  return !!rule && (rule.kind !== "private" || ruleFailure(rule, access) === null);
}

/**
 * A path the route table does not know (another spelling of a route the router still matched) answers
 * as any unknown path does (routes/$.tsx): a visitor goes to sign in, a signed-in user gets 404.
 */
async function unknownPath(request: Request): Promise<never> {
  if (!(await getAccess(request))) throw await loginRedirect(request);
  throw new Response("Not found", { status: 404 });
}

/**
 * The access check of every screen's loader and action, from the route table:
 * guest pages send a signed-in user home; private pages need a session (else sign-in with
 * redirectTo) and pass role, plan feature and application feature (else 403).
 */
export async function requireAccess(request: Request): Promise<Access> {
  const pathname = routePath(new URL(request.url));
  const rule = findRouteRule(pathname);
  if (!rule) return unknownPath(request);
  const access = await getAccess(request);
  if (rule.kind !== "private") throw new Error(`${pathname} is public: use optionalAccess`);
  if (!access) throw await loginRedirect(request);
  if (ruleFailure(rule, access)) forbidden();
  return access;
}

/** For guest and public pages: a signed-in user on a guest page goes home. */
export async function optionalAccess(request: Request): Promise<Access | null> {
  const pathname = routePath(new URL(request.url));
  const rule = findRouteRule(pathname);
  if (!rule) return unknownPath(request);
  if (rule.kind === "private") throw new Error(`${pathname} is not a public route`);
  const access = await getAccess(request);
  if (access && rule.kind === "guest") throw redirect(homePathFor(access.user.role));
  return access;
}
