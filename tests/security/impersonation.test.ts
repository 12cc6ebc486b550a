// Item 7 of the security issue, from the attacker's side and the auditor's: shadow log-in and log-out
// are POST only (a link, an image tag or a prefetch switches no session), and the super admin reads
// every shadow log-in, each change made meanwhile and the log-out in the admin panel's log, with both
// names. Against the built server with the demo data.
import { beforeAll, describe, expect, test } from "vitest";
import { baseUrl, liveSessionCookie } from "./harness";

type Current = { id: number; firstName: string; lastName: string; isShadowLogIn: boolean; company: { id: number } };

const send = (
  path: string,
  { cookie, method = "GET", json }: { cookie?: string; method?: string; json?: unknown } = {},
) =>
  fetch(`${baseUrl()}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];
const current = async (cookie: string) => (await (await send("/api/users/current", { cookie })).json()) as Current;
const logPage = (cookie: string | undefined, query = "") => send(`/admin-panel/impersonation-log${query}`, { cookie });
/** The table's body rows as text, tags stripped, newest first. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((m) =>
    m[1]
      .replace(/<!--.*?-->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim(),
  );

/**
 * The log rows of the demo company in which the company admin was acted as, newest first (other
 * files may shadow other users of the company meanwhile).
 */
async function adminRows(): Promise<string[]> {
  const page = await logPage(superCookie, `?companyId=${admin.company.id}&pageSize=100`);
  expect(page.status).toBe(200);
  return rowsOf(await page.text()).filter((r) => r.includes(`${admin.firstName} ${admin.lastName}`));
}

let superCookie: string;
let adminCookie: string;
let superAdmin: Current;
let admin: Current;
const unique = `${process.pid}-${Date.now().toString(36)}`;

beforeAll(async () => {
  superCookie = await liveSessionCookie("super admin");
  adminCookie = await liveSessionCookie("company admin");
  superAdmin = await current(superCookie);
  admin = await current(adminCookie);
});

describe("impersonation", () => {
  test("a GET on the shadow log-in and log-out paths switches no session and logs nothing", async () => {
    const get = await send(`/api/users/${admin.id}/shadow-log-in`, { cookie: superCookie });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(get.headers.get("Set-Cookie")).toBeNull();
    expect(await current(superCookie)).toMatchObject({ id: superAdmin.id, isShadowLogIn: false });

    const shadow = await send(`/api/users/${admin.id}/shadow-log-in`, { cookie: superCookie, method: "POST" });
    const shadowCookie = cookieOf(shadow);
    const out = await send("/api/users/shadow-log-out", { cookie: shadowCookie });
    expect(out.status).toBe(405);
    expect(out.headers.get("Allow")).toBe("POST");
    // the screen's way back, opened as a link: it only goes home
    const screen = await send("/account/stop-impersonating", { cookie: shadowCookie });
    expect(screen.status).toBe(302);
    expect(screen.headers.get("Location")).toBe("/dashboard");
    expect(screen.headers.get("Set-Cookie")).toBeNull();
    expect(await current(shadowCookie)).toMatchObject({ id: admin.id, isShadowLogIn: true });
    // the log-in is logged; the GETs are not
    const after = await adminRows();
    expect(after[0]).toContain("Logged in as");
    expect(after[0]).toContain(`POST /api/users/${admin.id}/shadow-log-in`);
    expect(after.filter((r) => / GET /.test(r))).toEqual([]);
    expect((await send("/api/users/shadow-log-out", { cookie: shadowCookie, method: "POST" })).status).toBe(200);
  });

  test("a POST logs in as the company admin; the changes and the log-out are in the log with both names; the timeline names both", async () => {
    const shadow = await send(`/api/users/${admin.id}/shadow-log-in`, { cookie: superCookie, method: "POST" });
    expect(shadow.status).toBe(200);
    expect(await shadow.json()).toMatchObject({ id: admin.id, isShadowLogIn: true });
    const shadowCookie = cookieOf(shadow);

    const created = await send("/api/tags", {
      cookie: shadowCookie,
      method: "POST",
      json: { name: `Audit ${unique}`, type: 0 },
    });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { data: { id: number } };
    const renamed = await send("/api/tags", {
      cookie: shadowCookie,
      method: "PUT",
      json: { id: tag.data.id, name: `Renamed ${unique}` },
    });
    expect(renamed.status).toBe(200);
    const customers = (await (
      await send("/api/customers/page?pageNumber=1&pageSize=1", { cookie: shadowCookie })
    ).json()) as { items: { id: number }[] };
    const job = await send("/api/jobs", {
      cookie: shadowCookie,
      method: "POST",
      json: { customerId: customers.items[0].id, name: `Audit job ${unique}` },
    });
    expect(job.status).toBe(201);
    const jobId = ((await job.json()) as { data: { id: number } }).data.id;

    const back = await send("/api/users/shadow-log-out", { cookie: shadowCookie, method: "POST" });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ id: superAdmin.id, isShadowLogIn: false });

    const superName = `${superAdmin.firstName} ${superAdmin.lastName}`;
    const adminName = `${admin.firstName} ${admin.lastName}`;
    // The changes are written after their answers: give the writes a moment.
    let rows: string[] = [];
    for (let i = 0; i < 20; i++) {
      rows = await adminRows();
      if (rows[0]?.includes("Logged out")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.slice(0, 5).map((r) => [r.includes(superName), r.includes(adminName)])).toEqual(
      Array(5).fill([true, true]),
    );
    expect(rows[0]).toMatch(/Logged out POST \/api\/users\/shadow-log-out/);
    expect(rows[1]).toMatch(/Change POST \/api\/jobs \(fields: customerId, name\) Done \(201\)/);
    expect(rows[2]).toMatch(/Change PUT \/api\/tags \(fields: id, name\) Done \(200\)/);
    expect(rows[3]).toMatch(/Change POST \/api\/tags \(fields: name, type\) Done \(201\)/);
    expect(rows[4]).toMatch(new RegExp(`Logged in as POST /api/users/${admin.id}/shadow-log-in`));
    // names of fields, never what was typed
    expect(rows.join("\n")).not.toContain(unique);

    const jobPage = await (await send(`/jobs/${jobId}`, { cookie: adminCookie })).text();
    expect(jobPage).toContain(`${superName} (as ${adminName})`);
  });

  test("a company admin can neither read the log nor shadow anyone; a visitor is sent to sign in", async () => {
    expect((await logPage(adminCookie)).status).toBe(403);
    expect((await send(`/api/users/${admin.id}/shadow-log-in`, { cookie: adminCookie, method: "POST" })).status).toBe(
      403,
    );
    const screen = await fetch(`${baseUrl()}/admin-panel/company-details/${admin.company.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "shadow", userId: String(admin.id) }),
    });
    expect(screen.status).toBe(403);
    expect(screen.headers.get("Set-Cookie")).toBeNull();
    expect(await current(adminCookie)).toMatchObject({ id: admin.id, isShadowLogIn: false });
    const visitor = await logPage(undefined);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });
});
