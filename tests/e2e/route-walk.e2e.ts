import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { ruleFailure, type Access } from "~/access/access.server";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import { homePathFor } from "~/access/roles";
import { matchPattern, routeTable, type RouteRule } from "~/access/route-table";
import { messages } from "~/utils/validation";
import type { PrepareInput, PrepareOutput } from "./prepare-sessions";
import { concretePath, takesRecord, type RecordParam } from "./route-paths";

/*
 * Walks every entry of the route table as a visitor, each demo role and a user of another
 * company, against the built app's request handler (in this process, on its own embedded
 * database), and checks each answer against the table. The other company, the session cookies and the
 * record ids are made beforehand from source (prepare-sessions.ts in a child process): test fixtures
 * are not in the server bundle.
 */

type AppModule = { boot: () => Promise<unknown>; shutdown: () => Promise<void> };

/** `spares`: sessions of the walker's user of their own, one per walk of a page that ends the session (ENDS_SESSION). */
type Walker = { name: string; cookie?: string; spares?: string[]; access?: Access; ids: Record<string, number> };
type Expected = { status: number | number[]; location?: string; text?: string };
type Answer = { status: number; location: string | null; body: string };

/** Pages that end the session they are opened with: walked with a throwaway session. */
const ENDS_SESSION = new Set(["/logout"]);
/**
 * Sessions prepared per login: the walker's own, and a throwaway one for each walk of an ENDS_SESSION page (walk()
 * runs at most twice per walker, over each table entry at most once).
 */
const SESSIONS_PER_LOGIN = 1 + 2 * ENDS_SESSION.size;
const OTHER_ADMIN = "other-admin@example.com";
/** A reset link without a valid token answers 400 with the reason on the page. */
const NEEDS_TOKEN = new Set(["/reset"]);
/** Webhooks that answer 403 to a post without the sender's signature. */
const SIGNED_WEBHOOKS = new Set(["/api/webhooks/twilio/status", "/api/webhooks/twilio/incoming"]);
/** Signed-in pages that answer with a redirect by design. */
const REDIRECTS: Record<string, (access: Access) => string> = {
  "/": (access) => homePathFor(access.user.role),
  // Stripe's onboarding returns: they read the account's state and go to My Money (ADR 053).
  "/finish-stripe-onboarding": () => "/my-money",
  "/finish-stripe-oauth-onboarding": () => "/my-money",
  // Intuit's return without a code or state: back to the QuickBooks page with an error (ADR 074).
  "/integrations/quickbooks/callback": () => "/integrations/quickbooks",
};

let app: AppModule;
let build: ServerBuild;
let handle: (request: Request) => Promise<Response>;
let dataDir: string;
const walkers: Walker[] = [];
let demoIds: Record<string, number>;
let otherIds: Record<string, number>;
let builtPatterns: string[];
/** Routes that only take a form post (no page): walked with an empty POST. */
let postOnlyPatterns: string[];

/** Full paths of the built route modules, except the catch-all of unknown paths. */
function builtRoutePatterns(
  routes: ServerBuild["routes"],
  keep: (module: ServerBuild["routes"][string]["module"]) => boolean = () => true,
): string[] {
  const full = (id: string): string => {
    const route = routes[id];
    const parent = route.parentId ? full(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .filter(
      (id) => id !== "root" && id !== "routes/$" && (routes[id].index || routes[id].path) && keep(routes[id].module),
    )
    .map((id) => `/${full(id)}`);
}

const loginRedirect = (pathname: string): Expected => ({
  status: 302,
  location: pathname === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(pathname)}`,
});
const pageNotFound: Expected = { status: 404, text: "Page not found" };

function expectedAnswer(
  rule: RouteRule,
  walker: Walker,
  pathname: string,
  record: RecordParam | undefined,
  foreignRecord: boolean,
): Expected {
  const built = builtPatterns.some((pattern) => matchPattern(pattern, pathname));
  const access = walker.access;
  // Not built yet: the catch-all answers (sign-in for a visitor, 'Page not found' when signed in).
  if (!built) return access ? pageNotFound : loginRedirect(pathname);
  if (rule.kind === "guest")
    return access
      ? { status: 302, location: homePathFor(access.user.role) }
      : { status: NEEDS_TOKEN.has(rule.pattern) ? [200, 400] : 200 };
  // Twilio's signed webhooks: an unsigned post is refused before anything is read (app/routes/api+/webhooks+).
  if (SIGNED_WEBHOOKS.has(rule.pattern)) return { status: 403 };
  // Stripe's signed webhooks (Connect's and our own billing's): a post without Stripe-Signature is a 400, as Stripe's own endpoints answer (ADR 053).
  if (rule.pattern === "/api/webhooks/stripe" || rule.pattern === "/api/webhooks/stripe-billing")
    return { status: 400 };
  // Customer-facing pages carry made-up tokens here: they may answer the page, a redirect or not found, never 403 or 500.
  if (rule.kind === "public") return { status: [200, 302, 303, 404] };
  // Portal pages need a portal session (its own cookie): no walker has one, so they are not found (ADR 067).
  if (rule.kind === "client") return { status: 404 };
  if (!access) return loginRedirect(pathname);
  if (ruleFailure(rule, access)) return { status: 403, text: messages.forbidden };
  if (record && (!record.found || (foreignRecord && !record.anyCompany))) return { status: 404 };
  // An empty form post passes the access check, then may be refused as invalid or redirect with a toast.
  if (isPostOnly(pathname)) return { status: [200, 204, 302, 303, 400, 404, 422] };
  if (REDIRECTS[rule.pattern]) return { status: 302, location: REDIRECTS[rule.pattern](access) };
  return { status: 200 };
}

const isPostOnly = (pathname: string) => postOnlyPatterns.some((pattern) => matchPattern(pattern, pathname));

async function request(pathname: string, cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const init: RequestInit = isPostOnly(pathname)
    ? { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body: "" }
    : { headers };
  const response = await handle(new Request(`http://localhost${pathname}`, init));
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

function mismatch(expected: Expected, answer: Answer): string | null {
  const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
  if (!statuses.includes(answer.status))
    return `status ${answer.status}${answer.location ? ` → ${answer.location}` : ""}, expected ${statuses.join(" or ")}${expected.location ? ` → ${expected.location}` : ""}`;
  if (expected.location && answer.location !== expected.location)
    return `redirect to ${answer.location}, expected ${expected.location}`;
  if (expected.text && !answer.body.includes(expected.text)) return `no '${expected.text}' in the page`;
  return null;
}

function throwawaySession(walker: Walker): string {
  const cookie = walker.spares?.shift();
  if (!cookie) throw new Error(`No prepared session left for ${walker.name}: raise SESSIONS_PER_LOGIN`);
  return cookie;
}

/** Walks the whole table for one walker with the given record ids; returns one line per wrong answer. */
async function walk(
  walker: Walker,
  ids: Record<string, number>,
  foreignRecords: boolean,
  only: (rule: RouteRule) => boolean = () => true,
) {
  const wrong: string[] = [];
  for (const rule of routeTable.filter(only)) {
    const { path: pathname, record } = concretePath(rule, ids);
    const expected = expectedAnswer(rule, walker, pathname, record, foreignRecords);
    const cookie = ENDS_SESSION.has(rule.pattern) && walker.access ? throwawaySession(walker) : walker.cookie;
    const problem = mismatch(expected, await request(pathname, cookie));
    if (problem)
      wrong.push(`${walker.name} ${isPostOnly(pathname) ? "POST" : "GET"} ${pathname} (${rule.pattern}): ${problem}`);
  }
  return wrong;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-route-walk-"));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    SESSION_SECRET: "route-walk-session-secret-0123456789",
  });
  delete process.env.DATABASE_URL;
  // Seeds the demo and the other company and makes the sessions from source, before this process opens the database.
  const preparedFile = path.join(dataDir, "prepared.json");
  const input: PrepareInput = {
    companies: [
      {
        key: "other",
        businessName: "Other Company",
        adminEmail: OTHER_ADMIN,
        password: "other-password-1",
        customers: 3,
        jobs: 3,
        employees: 2,
      },
    ],
    logins: [
      ...DEMO_LOGINS.map((login) => ({ key: login.role, email: login.email })),
      { key: "other admin", email: OTHER_ADMIN },
    ],
    sessionsPerLogin: SESSIONS_PER_LOGIN,
  };
  const prepare = spawnSync(
    process.execPath,
    ["--import", "tsx", "tests/e2e/prepare-sessions.ts", preparedFile, JSON.stringify(input)],
    { env: process.env, encoding: "utf8" },
  );
  if (prepare.status !== 0)
    throw new Error(`route walk: preparing the data failed:\n${prepare.stdout}\n${prepare.stderr}`);
  const prepared = JSON.parse(readFileSync(preparedFile, "utf8")) as PrepareOutput;
  const walkerOf = (name: string, key: string, ids: Record<string, number>): Walker => {
    const [cookie, ...spares] = prepared.sessions[key];
    return { name, cookie, spares, access: prepared.access[key], ids };
  };

  build = await import(pathToFileURL(path.join(inject("e2e").buildDir, "server/index.js")).href);
  app = build.entry.module as unknown as AppModule;
  await app.boot();
  handle = createRequestHandler(build, "production") as unknown as (request: Request) => Promise<Response>;
  builtPatterns = builtRoutePatterns(build.routes);
  postOnlyPatterns = builtRoutePatterns(build.routes, (module) => !!module.action && !module.default);

  walkers.push({ name: "visitor", ids: {} });
  for (const login of DEMO_LOGINS) walkers.push(walkerOf(login.role, login.role, prepared.recordIds[login.role]));
  walkers.push(walkerOf("company admin of another company", "other admin", {}));
  demoIds = walkers.find((w) => w.name === "company admin")!.ids;
  otherIds = prepared.companies.other.recordIds;
}, 120_000);

afterAll(async () => {
  await app?.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
});

// About 500 requests per test: minutes on a busy two-core machine.
const WALK = { timeout: 300_000 };

test("every route answers a visitor and each demo role as the route table says", WALK, async () => {
  const wrong: string[] = [];
  for (const walker of walkers.filter((w) => w.name !== "company admin of another company"))
    wrong.push(...(await walk(walker, walker.ids, false)));
  expect(wrong).toEqual([]);
});

test("a user of another company gets 404 for every record of the demo company", WALK, async () => {
  const walker = walkers.find((w) => w.name === "company admin of another company")!;
  expect(await walk(walker, demoIds, true)).toEqual([]);
});

test("the demo company's users get 404 for another company's records", WALK, async () => {
  const hasRecord = (rule: RouteRule) => rule.kind === "private" && takesRecord(rule);
  const wrong: string[] = [];
  for (const walker of walkers.filter((w) => w.access && w.name !== "company admin of another company"))
    wrong.push(...(await walk(walker, otherIds, true, hasRecord)));
  expect(wrong).toEqual([]);
});

test("an unknown path is 'Page not found' when signed in and the sign-in page for a visitor", async () => {
  for (const walker of walkers.filter((w) => w.access))
    expect(mismatch(pageNotFound, await request("/no-such-page/at-all", walker.cookie)), walker.name).toBeNull();
  expect(mismatch(loginRedirect("/no-such-page/at-all"), await request("/no-such-page/at-all"))).toBeNull();
});
