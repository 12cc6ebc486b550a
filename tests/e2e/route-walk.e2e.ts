import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { ruleFailure, type Access } from "~/access/access.server";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import { homePathFor, Role } from "~/access/roles";
import { matchPattern, routeTable, type RouteRule } from "~/access/route-table";
import { messages } from "~/utils/validation";
import { concretePath, takesRecord, type RecordParam } from "./route-paths";

/*
 * Walks every entry of the route table as a visitor, each demo role and a user of another
 * company, against the built app's request handler (in this process, on its own embedded
 * database), and checks each answer against the table.
 */

type AppModule = {
  boot: () => Promise<unknown>;
  shutdown: () => Promise<void>;
  sessionCookieFor: (who: { email: string } | { userId: number }) => Promise<string>;
  accessOfUser: (email: string) => Promise<Access>;
  sampleRecordIds: (companyId: number, options?: { assignedTo?: number }) => Promise<Record<string, number>>;
  seedBenchmark: (input: {
    businessName: string;
    adminEmail: string;
    password: string;
    customers: number;
    jobs: number;
    employees: number;
  }) => Promise<{ companyId: number }>;
};

type Walker = { name: string; cookie?: string; access?: Access; ids: Record<string, number> };
type Expected = { status: number | number[]; location?: string; text?: string };
type Answer = { status: number; location: string | null; body: string };

/** Pages that end the session they are opened with: walked with a throwaway session. */
const ENDS_SESSION = new Set(["/logout"]);
/** A reset link without a valid token answers 400 with the reason on the page. */
const NEEDS_TOKEN = new Set(["/reset"]);
/** Signed-in pages that answer with a redirect by design. */
const REDIRECTS: Record<string, (access: Access) => string> = { "/": (access) => homePathFor(access.user.role) };

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
  // Customer-facing pages carry made-up tokens here: they may answer the page, a redirect or not found, never 403 or 500.
  if (rule.kind === "public") return { status: [200, 302, 303, 404] };
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
    const cookie =
      ENDS_SESSION.has(rule.pattern) && walker.access
        ? await app.sessionCookieFor({ userId: walker.access.user.id })
        : walker.cookie;
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
  build = await import(pathToFileURL(path.join(inject("e2e").buildDir, "server/index.js")).href);
  app = build.entry.module as unknown as AppModule;
  await app.boot();
  const other = await app.seedBenchmark({
    businessName: "Other Company",
    adminEmail: "other-admin@example.com",
    password: "other-password-1",
    customers: 3,
    jobs: 3,
    employees: 2,
  });
  handle = createRequestHandler(build, "production") as unknown as (request: Request) => Promise<Response>;
  builtPatterns = builtRoutePatterns(build.routes);
  postOnlyPatterns = builtRoutePatterns(build.routes, (module) => !!module.action && !module.default);

  walkers.push({ name: "visitor", ids: {} });
  for (const login of DEMO_LOGINS) {
    const access = await app.accessOfUser(login.email);
    walkers.push({
      name: login.role,
      cookie: await app.sessionCookieFor({ email: login.email }),
      access,
      ids: await app.sampleRecordIds(
        access.company.id,
        access.user.role === Role.FieldTech ? { assignedTo: access.user.id } : {},
      ),
    });
  }
  const otherAccess = await app.accessOfUser("other-admin@example.com");
  walkers.push({
    name: "company admin of another company",
    cookie: await app.sessionCookieFor({ email: "other-admin@example.com" }),
    access: otherAccess,
    ids: {},
  });
  demoIds = walkers.find((w) => w.name === "company admin")!.ids;
  otherIds = await app.sampleRecordIds(other.companyId);
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
