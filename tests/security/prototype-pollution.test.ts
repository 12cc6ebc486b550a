// Item 1 of the security issue, from the attacker's side: prototype keys in every form a request can
// carry, sent to every API route and every form action of the built app (listed from the build's own
// route manifest, not by hand), signed out and signed in. The server runs with a probe that reports
// what plain objects inherit inside its process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import { buildDir, startServer, type OwnServer } from "./harness";

type BuiltRoute = ServerBuild["routes"][string];

/** Every route of the build with its full path pattern and whether it has a loader or action. */
async function builtRoutes(): Promise<
  Array<{ id: string; pattern: string; loader: boolean; action: boolean; screen: boolean }>
> {
  const build = (await import(pathToFileURL(path.join(buildDir(), "server/index.js")).href)) as {
    routes: Record<string, BuiltRoute>;
  };
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const before = parent ? fullPath(parent) : "";
    return [before, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(build.routes)
    .filter((route) => route.id !== "root")
    .map((route) => ({
      id: route.id,
      pattern: `/${fullPath(route)}`.replace(/\/$/, "") || "/",
      loader: typeof route.module.loader === "function",
      action: typeof route.module.action === "function",
      screen: typeof route.module.default === "function",
    }));
}

const POLLUTED = ["role", "planFeatures", "companyId", "isAdmin", "polluted"];
/** Every spelling of a prototype write we know, as form and query keys. */
const HOSTILE_FIELDS: Array<[string, string]> = [
  ["__proto__.role", "3"],
  ["__proto__[role]", "3"],
  ["constructor.prototype.role", "3"],
  ["constructor[prototype][role]", "3"],
  ["__proto__.planFeatures", "1"],
  ["__proto__[planFeatures]", "1"],
  ["constructor.prototype.planFeatures", "1"],
  ["__proto__.companyId", "1"],
  ["constructor[prototype][isAdmin]", "true"],
  ["lineItems[0].__proto__.polluted", "yes"],
  ["lineItems[0][constructor][prototype][polluted]", "yes"],
  ["sortSettings[0].__proto__.role", "3"],
  ["paging.constructor.prototype.role", "3"],
  ["__proto__", "polluted"],
];
// Written by hand: JSON.stringify cannot write a __proto__ key.
const HOSTILE_JSON_TEXT =
  '{"__proto__":{"role":3,"planFeatures":1,"companyId":1},"constructor":{"prototype":{"role":3,"isAdmin":true}},' +
  '"lineItems":[{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}],"sortSettings":[{"fieldName":"name","__proto__":{"role":3}}],"paging":{"__proto__":{"role":3}}}';

function hostileQuery(): string {
  return new URLSearchParams(HOSTILE_FIELDS).toString();
}

function hostileMultipart(): FormData {
  const form = new FormData();
  for (const [key, value] of HOSTILE_FIELDS) form.append(key, value);
  form.append("__proto__[role]", new Blob(["3"], { type: "text/plain" }), "role.txt");
  form.append("constructor[prototype][planFeatures]", new Blob(["1"], { type: "text/plain" }), "features.txt");
  return form;
}

type Caller = { name: string; cookie?: string };

let server: OwnServer;
let addressCounter = 0;

/** Each request comes from its own address (the server trusts one proxy hop), so no rate limit hides a route. */
function request(url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  addressCounter += 1;
  headers.set("X-Forwarded-For", `198.51.${(addressCounter >> 8) & 255}.${addressCounter & 255}`);
  return fetch(`${server.baseUrl}${url}`, { ...init, headers, redirect: "manual" });
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await request("/api/account/sign-in", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0];
}

let signUpCount = 0;
async function signUp(): Promise<{ status: number; cookie: string | null; body: Record<string, unknown> }> {
  signUpCount += 1;
  const response = await request("/api/account/sign-up", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `owner-${Date.now()}-${signUpCount}@pollution.test`,
      firstName: "Owen",
      lastName: "Owner",
      phoneNumber: "+17045550199",
      password: "Secret123!",
      businessName: `Pollution Test ${signUpCount}`,
      industry: 1,
      companySize: 1,
      country: "US",
    }),
  });
  return {
    status: response.status,
    cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function currentRoles(cookie: string): Promise<unknown> {
  const response = await request("/api/users/current", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { roles: unknown }).roles;
}

async function expectNoPrototypeWrites() {
  const report = await server.prototypeReport();
  expect(report.plain).toEqual(Object.fromEntries(POLLUTED.map((k) => [k, undefined])));
  expect(report.objectKeys.sort()).toEqual(Object.getOwnPropertyNames(Object.prototype).sort());
}

/** Real ids of the demo company for path parameters, so handlers get past their record lookup. */
async function demoIds(cookie: string): Promise<Record<string, string>> {
  const first = async (url: string) => {
    const response = await request(url, { cookie });
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as { items?: Array<{ id: number }>; data?: Array<{ id: number }> };
    const id = (body.items ?? body.data)?.[0]?.id;
    return id === undefined ? undefined : String(id);
  };
  return {
    customers: (await first("/api/customers/page")) ?? "1",
    jobs: (await first("/api/jobs/page")) ?? "1",
    employees: (await first("/api/employees/page")) ?? "1",
    users: (await first("/api/employees/page")) ?? "1",
    "price-lists": (await first("/api/price-lists/items/page")) ?? "1",
  };
}

/** A pattern with its parameters filled in: ids after known segments, a token elsewhere. */
function concrete(pattern: string, ids: Record<string, string>): string {
  const parts = pattern.split("/").filter(Boolean);
  return (
    "/" +
    parts
      .map((part, i) => {
        if (part === "*") return "anything";
        if (!part.startsWith(":")) return part;
        const id = ids[parts[i - 1]];
        return id ?? "1";
      })
      .join("/")
  );
}

// Calls that end the caller's own session go last, so the others run signed in.
const endsSession = (pattern: string) => /logout|log-out|stop-impersonating|shadow/i.test(pattern);

describe("prototype keys in every request form reach no prototype", () => {
  beforeAll(async () => {
    server = await startServer({
      probe: true,
      env: { NODE_ENV: "development", SEED_DEMO: "true", TRUST_PROXY: "1", APP_URL: undefined },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test("the two requests of the report: the hostile query, then a sign-up that must own its company as a company admin", async () => {
    const probe = await request(
      `/api/company/check-service-area?__proto__.role=3&constructor.prototype.role=3&__proto__.planFeatures=1&companyId=1&latitude=35.2&longitude=-80.8`,
    );
    expect(probe.status).toBeLessThan(500);
    await expectNoPrototypeWrites();
    const owner = await signUp();
    expect(owner.status).toBe(201);
    expect(owner.body.roles).toEqual([2]);
    expect(await currentRoles(owner.cookie!)).toEqual([2]);
    const dashboard = await request("/dashboard", { cookie: owner.cookie! });
    expect(dashboard.status).toBe(200);
  });

  test("every API route and every form action, signed out and signed in, in dotted, bracketed, JSON and multipart form", async () => {
    const routes = await builtRoutes();
    const adminLogin = DEMO_LOGINS.find((l) => l.role === "company admin")!;
    const superLogin = DEMO_LOGINS.find((l) => l.role === "super admin")!;
    const admin = await signIn(adminLogin.email, adminLogin.password);
    const superAdmin = await signIn(superLogin.email, superLogin.password);
    const ids = await demoIds(admin);
    const callers: Caller[] = [
      { name: "visitor" },
      { name: "company admin", cookie: admin },
      { name: "super admin", cookie: superAdmin },
    ];

    const targets = routes
      .filter((r) => (r.pattern.startsWith("/api/") ? r.loader || r.action : r.action))
      .sort((a, b) => Number(endsSession(a.pattern)) - Number(endsSession(b.pattern)));
    // The route table's screens with forms and the whole API: a guard that the walk is not empty.
    expect(targets.filter((t) => t.pattern.startsWith("/api/")).length).toBeGreaterThan(80);
    expect(targets.filter((t) => !t.pattern.startsWith("/api/") && t.screen).length).toBeGreaterThan(20);

    const statuses = new Map<string, number>();
    for (const target of targets) {
      const url = concrete(target.pattern, ids);
      for (const caller of callers) {
        const sends: Array<{ method: string; body?: BodyInit; type?: string }> = [];
        if (target.loader) sends.push({ method: "GET" });
        if (target.action) {
          for (const method of ["POST", "PUT", "PATCH"]) {
            sends.push({
              method,
              body: new URLSearchParams(HOSTILE_FIELDS).toString(),
              type: "application/x-www-form-urlencoded",
            });
            sends.push({ method, body: HOSTILE_JSON_TEXT, type: "application/json" });
            sends.push({ method, body: hostileMultipart() });
          }
        }
        for (const send of sends) {
          const headers: Record<string, string> = send.type ? { "Content-Type": send.type } : {};
          const response = await request(`${url}?${hostileQuery()}`, {
            method: send.method,
            body: send.body,
            headers,
            cookie: caller.cookie,
          });
          await response.arrayBuffer();
          statuses.set(`${send.method} ${url} (${caller.name})`, response.status);
        }
      }
    }
    await expectNoPrototypeWrites();
    // A prototype write would show as server errors across the board (the report's planFeatures key
    // made every signed-in page answer 500).
    const errors = [...statuses].filter(([, status]) => status >= 500);
    expect(
      errors,
      `server errors:\n${server
        .log()
        .split("\n")
        .filter((line) => /error|at /i.test(line))
        .slice(0, 60)
        .join("\n")}`,
    ).toEqual([]);
    expect(statuses.size).toBeGreaterThan(1000);
  }, 600_000);

  test("after the walk a new sign-up still owns its company as a company admin, and pages answer", async () => {
    const owner = await signUp();
    expect(owner.status).toBe(201);
    expect(await currentRoles(owner.cookie!)).toEqual([2]);
    for (const page of [
      "/dashboard",
      "/customers",
      "/jobs",
      "/schedule",
      "/settings",
      "/api/users/current",
      "/api/customers/page",
    ]) {
      const response = await request(page, { cookie: owner.cookie! });
      expect(response.status, page).toBe(200);
    }
    const adminLogin = DEMO_LOGINS.find((l) => l.role === "company admin")!;
    const admin = await signIn(adminLogin.email, adminLogin.password);
    expect(await currentRoles(admin)).toEqual([2]);
    expect((await request("/admin-panel", { cookie: admin })).status).toBe(403);
    await expectNoPrototypeWrites();
  });
});
