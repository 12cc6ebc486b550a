import { createCookieSessionStorage, redirect, type AppLoadContext, type SessionStorage } from "@remix-run/node";
import { accessOf, assertEntry, notFound } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import {
  endPortalSession,
  loadPortalSession,
  PORTAL_SESSION_DAYS,
  portalSignInPath,
  type PortalSessionRow,
} from "~/models/portal/sessions.server";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";

export type { PortalSettings } from "~/models/portal/settings.schema";

/** A live portal session: its customer, company and settings (the session row as loaded). */
export type PortalAccess = PortalSessionRow;

/** What the signed portal cookie holds: the session token (its SHA-256 names the row) and the company, for the way back to its sign-in page. */
type PortalCookieData = { token: string; companyId: number };

export const PORTAL_COOKIE = "__portal";

let storage: SessionStorage<PortalCookieData> | undefined;
/**
 * The portal's own cookie, never the staff one: path /portal, so the browser does not send it to
 * staff pages or the API; the staff checks never read it, and requirePortal never reads __session.
 */
export function portalSessionStorage(): SessionStorage<PortalCookieData> {
  storage ??= createCookieSessionStorage<PortalCookieData>({
    cookie: {
      name: PORTAL_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/portal",
      secrets: [env().SESSION_SECRET ?? DEV_SESSION_SECRET],
      maxAge: PORTAL_SESSION_DAYS * 86400,
    },
  });
  return storage;
}

async function readCookie(request: Request): Promise<{ token: string | null; companyId: number | null }> {
  const session = await portalSessionStorage().getSession(request.headers.get("Cookie"));
  const token = session.get("token");
  const companyId = session.get("companyId");
  return {
    token: typeof token === "string" ? token : null,
    companyId: typeof companyId === "number" && Number.isSafeInteger(companyId) ? companyId : null,
  };
}

/** The Set-Cookie header that opens a portal session (after a sign-in link was used). */
export async function commitPortalSession(request: Request, token: string, companyId: number): Promise<string> {
  const session = await portalSessionStorage().getSession(request.headers.get("Cookie"));
  session.set("token", token);
  session.set("companyId", companyId);
  return portalSessionStorage().commitSession(session);
}

/** Ends the cookie's portal session; returns the company it belonged to and the Set-Cookie header that clears it. */
export async function destroyPortalSession(request: Request): Promise<{ companyId: number | null; setCookie: string }> {
  const session = await portalSessionStorage().getSession(request.headers.get("Cookie"));
  const token = session.get("token");
  const companyId = session.get("companyId");
  if (typeof token === "string") await endPortalSession(token);
  return {
    companyId: typeof companyId === "number" ? companyId : null,
    setCookie: await portalSessionStorage().destroySession(session),
  };
}

/** The cookie's live portal session, or null. */
export async function getPortalAccess(request: Request): Promise<PortalAccess | null> {
  const { token } = await readCookie(request);
  return token ? loadPortalSession(token) : null;
}

// The loaders of one page share one lookup (the layout's and the page's); an action looks again.
const lookups = new WeakMap<object, Map<string, Promise<PortalAccess | null>>>();

function lookupOnce(request: Request, context: AppLoadContext | undefined): Promise<PortalAccess | null> {
  if (!context) return getPortalAccess(request);
  let byKind = lookups.get(context);
  if (!byKind) lookups.set(context, (byKind = new Map()));
  const key = request.method === "GET" || request.method === "HEAD" ? "read" : "write";
  let found = byKind.get(key);
  if (!found) byKind.set(key, (found = getPortalAccess(request)));
  return found;
}

/**
 * Every portal loader/action: the entry must be kind "client"; no live portal session (or portal
 * turned off, or customer deleted) → redirect to the company's sign-in page (or 404 when unknown).
 */
export async function requirePortal(
  args: { request: Request; context?: AppLoadContext },
  entry: RouteRule,
): Promise<PortalAccess> {
  assertEntry(entry, ["client"]);
  // Named to the request's access lookup first, as every check names its entry
  // (tests/e2e/route-access-names.e2e.ts); a staff session it finds opens nothing here.
  await accessOf(args, entry);
  const access = await lookupOnce(args.request, args.context);
  if (access) return access;
  const { companyId } = await readCookie(args.request);
  if (companyId === null) notFound();
  const cleared = await portalSessionStorage().destroySession(
    await portalSessionStorage().getSession(args.request.headers.get("Cookie")),
  );
  throw redirect(portalSignInPath(companyId), { headers: { "Set-Cookie": cleared } });
}
