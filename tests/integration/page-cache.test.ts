import { gunzipSync } from "node:zlib";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentConnection, db } from "~/db.server";
import { customers, employeeTags, plans, tags } from "~/db/schema";
import { companyDataVersion, listenForDataChanges, markCompanyChanged } from "~/server/company-data-version.server";
import { createCustomer } from "~/models/customers/customers.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { Role } from "~/access/roles";
import { forgetKeptPages, gzipAround, pieces, respond } from "~/server/page-cache.server";
import { accessFor, createTestCompany, createTestUser, makeRequest, sessionCookie } from "../helpers/factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
afterEach(forgetKeptPages);

const NONCES = ["Zm9yIHRoZSBmaXJzdCBwYWdl", "YW5vdGhlciBub25jZSBoZXJl", "YSB0aGlyZCBvbmUsIHNvIHRo"];
const newCustomer = (companyId: number, userId: number, firstName: string) => createCustomer({ companyId, userId, role: Role.CompanyAdmin }, customerInputSchema().parse({ firstName }));

/** Stands in for Remix: a page (or an API answer) showing the company's customers as stored now. */
function fakeRemix(companyId: number, init: { status?: number; headers?: Record<string, string>; json?: boolean; sameForVisitors?: boolean } = {}) {
  const remix = vi.fn(async (_request: Request, context: Record<string, unknown>) => {
    const names = (await db.select({ name: customers.firstName }).from(customers).where(and(eq(customers.companyId, companyId), isNull(customers.deletedAt)))).map((c) => c.name).sort();
    if (init.sameForVisitors) context.sameForVisitors = true;
    if (init.json) return new Response(JSON.stringify({ names }), { status: init.status ?? 200, headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers } });
    const html = `<!DOCTYPE html><html><head><script nonce="${context.cspNonce}">1</script></head><body><ul>${names.map((n) => `<li>${n}</li>`).join("")}</ul>${"<p>padding</p>".repeat(100)}<script nonce="${context.cspNonce}">2</script></body></html>`;
    return new Response(html, { status: init.status ?? 200, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });
  });
  return remix;
}

async function open(remix: ReturnType<typeof fakeRemix>, path: string, { cookie, nonce = NONCES[0], gzip = true, authorization }: { cookie?: string; nonce?: string; gzip?: boolean; authorization?: string } = {}) {
  const headers: Record<string, string> = gzip ? { "Accept-Encoding": "gzip, deflate" } : {};
  if (authorization) headers.Authorization = authorization;
  const response = await respond(makeRequest(path, { cookie, headers }), { cspNonce: nonce }, remix as never);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(bytes).toString() : bytes.toString();
  return { status: response.status, headers: response.headers, text };
}

describe("company data version", () => {
  it("is moved by a trigger on every table that holds a company's data", async () => {
    const names = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
    const watched = (table: string) => names(sql`select tgname as name from pg_trigger where tgrelid = ${table}::regclass and not tgisinternal order by tgname`);
    const companyTables = await names(sql`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'company_id' order by table_name`);
    // Counters follow the tables they count; the outbox is delivery, shown on no page.
    const unwatched = ["company_data_versions", "customer_counts", "job_counts", "outbox_messages"];
    for (const table of [...companyTables.filter((t) => !unwatched.includes(t)), "companies", "employee_tags"]) {
      expect(await watched(table), table).toEqual(expect.arrayContaining(["0_company_data_delete", "0_company_data_insert", "0_company_data_update"]));
    }
    // Before the counters' own triggers: one lock order for every transaction.
    expect((await watched("jobs"))[0]).toBe("0_company_data_delete");
    expect(await watched("plans")).toContain("0_global_data");
    expect(await watched("plan_features")).toContain("0_global_data");
  });

  it("moves with a company's own writes only, with every company's on plan changes, and not on a rolled-back write", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const before = { a: await companyDataVersion(a.companyId), b: await companyDataVersion(b.companyId) };
    await newCustomer(a.companyId, a.userId, "Ann");
    expect(await companyDataVersion(a.companyId)).toBeGreaterThan(before.a);
    expect(await companyDataVersion(b.companyId)).toBe(before.b);

    const afterA = await companyDataVersion(a.companyId);
    await db.transaction(async (tx) => {
      await tx.insert(tags).values({ companyId: a.companyId, name: "Rolled back", type: 1 });
      tx.rollback();
    }).catch(() => undefined);
    expect(await companyDataVersion(a.companyId)).toBe(afterA);

    const [tag] = await db.insert(tags).values({ companyId: b.companyId, name: "Crew", type: 2 }).returning({ id: tags.id });
    const beforeTag = await companyDataVersion(b.companyId);
    await db.insert(employeeTags).values({ userId: b.userId, tagId: tag.id });
    expect(await companyDataVersion(b.companyId)).toBeGreaterThan(beforeTag);

    const beforePlans = { a: await companyDataVersion(a.companyId), b: await companyDataVersion(b.companyId) };
    await db.update(plans).set({ name: sql`${plans.name}` });
    expect(await companyDataVersion(a.companyId)).toBeGreaterThan(beforePlans.a);
    expect(await companyDataVersion(b.companyId)).toBeGreaterThan(beforePlans.b);

    const beforeMark = await companyDataVersion(a.companyId);
    await markCompanyChanged(db, a.companyId);
    expect(await companyDataVersion(a.companyId)).toBe(beforeMark + 1);
  });
});

describe("kept pages", () => {
  it("gzips a page around any nonce to the same text as the page with that nonce", () => {
    const html = `<html><script nonce="${NONCES[0]}">é</script>${"<li>row ✓</li>".repeat(500)}<script nonce="${NONCES[0]}"></script></html>`;
    const parts = pieces(html, NONCES[0])!;
    expect(parts).toHaveLength(3);
    expect(gunzipSync(gzipAround(parts, NONCES[1])).toString()).toBe(html.replaceAll(NONCES[0], NONCES[1]));
    expect(pieces(html, "")).toBeNull();
  });

  it("serves a signed-in list again with a new nonce until the company writes, then renders it afresh", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    await newCustomer(companyId, userId, "Ann");
    const remix = fakeRemix(companyId);

    const first = await open(remix, "/customers?page=1", { cookie });
    expect(first.text).toContain("<li>Ann</li>");
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    const second = await open(remix, "/customers?page=1", { cookie, nonce: NONCES[1] });
    expect(remix).toHaveBeenCalledTimes(1);
    expect(second.text).toBe(first.text.replaceAll(NONCES[0], NONCES[1]));
    expect(second.headers.get("Vary")).toBe("Accept-Encoding");
    const plain = await open(remix, "/customers?page=1", { cookie, nonce: NONCES[2], gzip: false });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.text).toBe(first.text.replaceAll(NONCES[0], NONCES[2]));
    expect(remix).toHaveBeenCalledTimes(1);

    await newCustomer(companyId, userId, "Bob");
    const third = await open(remix, "/customers?page=1", { cookie });
    expect(remix).toHaveBeenCalledTimes(2);
    expect(third.text).toContain("<li>Bob</li>");

    // Another company's write leaves this one's page kept.
    const other = await createTestCompany();
    await newCustomer(other.companyId, other.userId, "Zed");
    await open(remix, "/customers?page=1", { cookie });
    expect(remix).toHaveBeenCalledTimes(2);
  });

  it("renders a page once for requests that arrive while it renders", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    await newCustomer(companyId, userId, "Ann");
    const remix = fakeRemix(companyId);
    const answers = await Promise.all(NONCES.map((nonce) => open(remix, "/jobs", { cookie, nonce })));
    expect(remix).toHaveBeenCalledTimes(1);
    answers.forEach((answer, i) => expect(answer.text).toBe(answers[0].text.replaceAll(NONCES[0], NONCES[i])));
  });

  it("keeps a page per session and query, for a minute at most", async () => {
    const { companyId, userId } = await createTestCompany();
    const remix = fakeRemix(companyId);
    const cookie = await sessionCookie(userId);
    await open(remix, "/schedule?view=week", { cookie });
    await open(remix, "/schedule?view=day", { cookie });
    await open(remix, "/schedule?view=week", { cookie: await sessionCookie(userId) });
    expect(remix).toHaveBeenCalledTimes(3);
    await open(remix, "/schedule?view=week", { cookie });
    expect(remix).toHaveBeenCalledTimes(3);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    await open(remix, "/schedule?view=week", { cookie });
    expect(remix).toHaveBeenCalledTimes(4);
  });

  it("never keeps other pages, other answers, a toast's request, or the super admin's pages", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const twice = async (remix: ReturnType<typeof fakeRemix>, path: string, options: { cookie?: string; authorization?: string } = { cookie }) => {
      await open(remix, path, options);
      await open(remix, path, options);
      return remix.mock.calls.length;
    };
    expect(await twice(fakeRemix(companyId), "/customers/12")).toBe(2);
    expect(await twice(fakeRemix(companyId), "/customers", { cookie: `${cookie}; __toast=abc` })).toBe(2);
    expect(await twice(fakeRemix(companyId, { status: 404 }), "/jobs")).toBe(2);
    expect(await twice(fakeRemix(companyId, { headers: { "Set-Cookie": "__session=x" } }), "/jobs")).toBe(2);
    expect(await twice(fakeRemix(companyId), "/jobs", {})).toBe(2);
    const { userId: superId } = await createTestUser(companyId, Role.SuperAdmin);
    expect(await twice(fakeRemix(companyId), "/dashboard", { cookie: await sessionCookie(superId) })).toBe(2);
    expect(await twice(fakeRemix(companyId), "/login?redirectTo=%2Fjobs", {})).toBe(2);
    expect(await twice(fakeRemix(companyId, { sameForVisitors: true }), "/login", { cookie })).toBe(2);
    expect(await twice(fakeRemix(companyId, { sameForVisitors: true }), "/login", { authorization: "Bearer key" })).toBe(2);
    expect(await twice(fakeRemix(companyId, { json: true }), "/api/jobs/page", { cookie, authorization: "Bearer key" })).toBe(2);
  });

  it("keeps an API list answer as it was, and a visitor page marked the same for every visitor", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    await newCustomer(companyId, userId, "Ann");
    const api = fakeRemix(companyId, { json: true });
    const first = await open(api, "/api/customers/page?pageNumber=1&pageSize=10", { cookie });
    const again = await open(api, "/api/customers/page?pageNumber=1&pageSize=10", { cookie });
    expect(api).toHaveBeenCalledTimes(1);
    expect(JSON.parse(again.text)).toEqual({ names: ["Ann"] });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("Content-Type")).toBe("application/json; charset=utf-8");

    const visitor = fakeRemix(companyId, { sameForVisitors: true });
    await open(visitor, "/login");
    const kept = await open(visitor, "/login", { nonce: NONCES[1] });
    expect(visitor).toHaveBeenCalledTimes(1);
    expect(kept.text).toContain(`nonce="${NONCES[1]}"`);
    expect(kept.text).not.toContain(NONCES[0]);
  });
});

describe("the embedded database's heard versions", () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)("count commits as they happen, including the seeds' replica-mode writes", async () => {
    const { companyId, userId } = await createTestCompany();
    await listenForDataChanges();
    expect(currentConnection().driver).toBe("pglite");
    const start = await companyDataVersion(companyId);
    await db.transaction(async (tx) => {
      await tx.insert(tags).values({ companyId, name: "Pending", type: 1 });
      expect(await companyDataVersion(companyId)).toBe(start);
    });
    expect(await companyDataVersion(companyId)).toBe(start + 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await markCompanyChanged(tx, companyId);
    });
    expect(await companyDataVersion(companyId)).toBe(start + 2);

    const cookie = await sessionCookie(userId);
    const remix = fakeRemix(companyId);
    await open(remix, "/customers", { cookie });
    await open(remix, "/customers", { cookie });
    expect(remix).toHaveBeenCalledTimes(1);
    await newCustomer(companyId, userId, "Cy");
    expect((await open(remix, "/customers", { cookie })).text).toContain("<li>Cy</li>");
    expect(remix).toHaveBeenCalledTimes(2);
  });
});
