import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { impersonationLog, sessions } from "~/db/schema";
import { timelineActor } from "~/components/job-details";
import { impersonationLogSettled } from "~/models/accounts/impersonation-log.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, getJob } from "~/models/jobs/jobs.server";
import { Role } from "~/access/roles";
import { getLoadContext, requestPipeline } from "~/server/request-handler.server";
import * as stopImpersonating from "~/routes/account+/stop-impersonating";
import * as companyDetails from "~/routes/_app+/admin-panel+/company-details.$id";
import * as logPage from "~/routes/_app+/admin-panel+/impersonation-log";
import * as jobDetails from "~/routes/_app+/jobs+/$id";
import * as renameApi from "~/routes/api+/jobs+/$id_.rename";
import * as shadowLogIn from "~/routes/api+/users+/$id.shadow-log-in";
import * as shadowLogOut from "~/routes/api+/users+/shadow-log-out";
import * as logout from "~/routes/logout";
import { useTestDatabase } from "../../helpers/db";
import { createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { jobsFixture } from "../jobs/fixtures";
import { call, cookieOf, form } from "./helpers";
import { shadowLogInAs } from "./shadow";

useTestDatabase();

type RouteFn = Parameters<typeof call>[0];
const NONCE = "dGVzdCBub25jZSBmb3IgbG9n";

/** A request through the server's own request path (request-handler.server: body count, form check, recorder, policy), with the route's loader or action standing in for Remix. */
const serve = (fn: RouteFn, request: Request, params: Record<string, string> = {}) =>
  requestPipeline((r, context) => call(fn, r, { params, context }))(request, getLoadContext({ cspNonce: NONCE }));

async function setUp() {
  const f = await jobsFixture();
  const { companyId: platform } = await jobsFixture();
  const { userId: superId } = await createTestUser(platform, Role.SuperAdmin, { firstName: "Sam", lastName: "Super" });
  const { userId: tomId } = await createTestUser(f.companyId, Role.FieldTech, { firstName: "Tom", lastName: "Tech" });
  const { id: jobId } = await createJob(
    f.admin,
    jobCreateSchema.parse({ customerId: f.customerId, name: "Boiler check" }),
  );
  return { ...f, superId, tomId, jobId, superCookie: await sessionCookie(superId) };
}

/** The log rows of one super admin (every test has its own). */
const logRows = async (superId: number) => {
  await impersonationLogSettled();
  return db
    .select()
    .from(impersonationLog)
    .where(eq(impersonationLog.impersonatorUserId, superId))
    .orderBy(asc(impersonationLog.id));
};

describe("shadow log-in and log-out", () => {
  it("are POST only: a GET answers 405 with Allow: POST and switches nothing", async () => {
    const f = await setUp();
    const before = await db.select().from(sessions).where(eq(sessions.userId, f.adminId));
    const get = await call(
      shadowLogIn.loader,
      makeRequest(`/api/users/${f.adminId}/shadow-log-in`, { cookie: f.superCookie }),
      { params: { id: String(f.adminId) } },
    );
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(get.headers.get("Set-Cookie")).toBeNull();
    const put = await shadowLogInAs(f.superCookie, f.adminId, "PUT");
    expect(put.status).toBe(405);
    expect(await db.select().from(sessions).where(eq(sessions.userId, f.adminId))).toEqual(before);

    const shadow = await shadowLogInAs(f.superCookie, f.adminId);
    const shadowCookie = cookieOf(shadow);
    const out = await call(shadowLogOut.loader, makeRequest("/api/users/shadow-log-out", { cookie: shadowCookie }));
    expect(out.status).toBe(405);
    expect(out.headers.get("Allow")).toBe("POST");
    // still shadowing: the GET ended nothing
    expect(await db.select().from(sessions).where(eq(sessions.impersonatorUserId, f.superId))).toHaveLength(1);
    // the screen's way back: a GET only goes home
    const screenGet = await call(
      stopImpersonating.loader,
      makeRequest("/account/stop-impersonating", { cookie: shadowCookie }),
    );
    expect(screenGet.headers.get("Location")).toBe("/dashboard");
    expect(screenGet.headers.get("Set-Cookie")).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.impersonatorUserId, f.superId))).toHaveLength(1);
    expect((await logRows(f.superId)).map((r) => r.action)).toEqual(["shadow_log_in"]);
  });
});

describe("the impersonation log", () => {
  it("keeps the log-in, every change with the form's intent and field names (never values), and the log-out, with both names", async () => {
    const f = await setUp();
    const path = `/admin-panel/company-details/${f.companyId}`;
    const shadow = await call(
      companyDetails.action,
      makeRequest(path, { cookie: f.superCookie, ...form({ intent: "shadow", userId: String(f.adminId) }) }),
      { params: { id: String(f.companyId) } },
    );
    expect(shadow.status).toBe(302);
    const shadowCookie = cookieOf(shadow);

    // a screen form post and an API call, both through the server's answering path
    const renamed = await serve(
      jobDetails.action,
      makeRequest(`/jobs/${f.jobId}`, { cookie: shadowCookie, ...form({ intent: "rename", name: "Secret new name" }) }),
      { id: String(f.jobId) },
    );
    expect(renamed.status).toBe(302);
    const api = await serve(
      renameApi.action,
      makeRequest(`/api/jobs/${f.jobId}/rename`, {
        method: "PUT",
        cookie: shadowCookie,
        json: { name: "Another secret" },
      }),
      { id: String(f.jobId) },
    );
    expect(api.status).toBe(200);
    // a refused change is kept too, with its status
    const refused = await serve(
      renameApi.action,
      makeRequest(`/api/jobs/${f.jobId}/rename`, { method: "PUT", cookie: shadowCookie, json: {} }),
      { id: String(f.jobId) },
    );
    expect(refused.status).toBe(400);
    // reading changes nothing and is not logged
    await serve(jobDetails.loader, makeRequest(`/jobs/${f.jobId}`, { cookie: shadowCookie }), { id: String(f.jobId) });

    const back = await serve(
      stopImpersonating.action,
      makeRequest("/account/stop-impersonating", { cookie: shadowCookie, ...form({}) }),
    );
    expect(back.headers.get("Location")).toBe("/admin-panel");
    // the super admin's own changes are theirs, not an impersonation
    await serve(companyDetails.action, makeRequest(path, { cookie: f.superCookie, ...form({ intent: "features" }) }), {
      id: String(f.companyId),
    });

    const rows = await logRows(f.superId);
    const names = {
      impersonatorUserId: f.superId,
      impersonatorName: "Sam Super",
      userId: f.adminId,
      userName: "Ada Admin",
      companyId: f.companyId,
    };
    expect(rows).toMatchObject([
      { ...names, action: "shadow_log_in", method: "POST", path },
      {
        ...names,
        action: "change",
        method: "POST",
        path: `/jobs/${f.jobId}`,
        details: "intent: rename; fields: name",
        status: 302,
      },
      {
        ...names,
        action: "change",
        method: "PUT",
        path: `/api/jobs/${f.jobId}/rename`,
        details: "fields: name",
        status: 200,
      },
      { ...names, action: "change", method: "PUT", path: `/api/jobs/${f.jobId}/rename`, details: null, status: 400 },
      { ...names, action: "shadow_log_out", method: "POST", path: "/account/stop-impersonating" },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/secret/i);
    expect(await db.select().from(impersonationLog).where(eq(impersonationLog.path, path))).toHaveLength(1);
  });

  it("counts signing out of a shadow session as its log-out", async () => {
    const f = await setUp();
    const shadow = await shadowLogInAs(f.superCookie, f.techId);
    await serve(logout.action, makeRequest("/logout", { cookie: cookieOf(shadow), ...form({}) }));
    const rows = await logRows(f.superId);
    expect(rows.filter((r) => r.userId === f.techId)).toMatchObject([
      { action: "shadow_log_in", path: `/api/users/${f.techId}/shadow-log-in` },
      { action: "shadow_log_out", path: "/logout", details: "log out", impersonatorName: "Sam Super" },
    ]);
  });

  it("names both people on the job's timeline", async () => {
    const f = await setUp();
    const shadow = await shadowLogInAs(f.superCookie, f.adminId);
    await serve(
      jobDetails.action,
      makeRequest(`/jobs/${f.jobId}`, {
        cookie: cookieOf(shadow),
        ...form({ intent: "rename", name: "Renamed while shadowing" }),
      }),
      { id: String(f.jobId) },
    );
    const job = await getJob(f.admin, f.jobId);
    const [renamed, created] = job!.timeline;
    expect(renamed).toMatchObject({
      actorUserId: f.adminId,
      impersonatorUserId: f.superId,
      impersonatorFirstName: "Sam",
      impersonatorLastName: "Super",
    });
    expect(timelineActor(renamed)).toBe("Sam Super (as Ada Admin)");
    expect(created).toMatchObject({ actorUserId: f.adminId, impersonatorUserId: null });
    expect(timelineActor(created)).toBe("Ada Admin");
    // the job's page shows it
    const page = await call(
      jobDetails.loader,
      makeRequest(`/jobs/${f.jobId}`, { cookie: await sessionCookie(f.adminId) }),
      { params: { id: String(f.jobId) } },
    );
    expect((await page.json()).job.timeline[0]).toMatchObject({
      impersonatorFirstName: "Sam",
      impersonatorLastName: "Super",
    });
  });
});

describe("/admin-panel/impersonation-log", () => {
  it("lists the log newest first, paged and by company, for the super admin only", async () => {
    const f = await setUp();
    const other = await jobsFixture();
    for (const userId of [f.adminId, other.adminId, f.tomId]) {
      const shadow = await shadowLogInAs(f.superCookie, userId);
      await call(
        shadowLogOut.action,
        makeRequest("/api/users/shadow-log-out", { method: "POST", cookie: cookieOf(shadow) }),
      );
    }
    await impersonationLogSettled();
    const open = (query: string, cookie?: string) =>
      call(logPage.loader, makeRequest(`/admin-panel/impersonation-log${query}`, { cookie }));
    type Row = { action: string; userName: string; companyId: number };
    const line = (r: Row) => `${r.action} ${r.userName} ${r.companyId === f.companyId ? "ours" : "other"}`;
    const all = await (await open("?pageSize=10", f.superCookie)).json();
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.items.slice(0, 6).map(line)).toEqual([
      "shadow_log_out Tom Tech ours",
      "shadow_log_in Tom Tech ours",
      "shadow_log_out Ada Admin other",
      "shadow_log_in Ada Admin other",
      "shadow_log_out Ada Admin ours",
      "shadow_log_in Ada Admin ours",
    ]);
    expect(all.items[0]).toMatchObject({
      impersonatorName: "Sam Super",
      method: "POST",
      path: "/api/users/shadow-log-out",
    });
    expect(all.items[0].businessName).toEqual(expect.any(String));
    const ours = await (await open(`?companyId=${f.companyId}&pageSize=10`, f.superCookie)).json();
    expect(ours.total).toBe(4);
    expect(ours.items.map(line)).toEqual([
      "shadow_log_out Tom Tech ours",
      "shadow_log_in Tom Tech ours",
      "shadow_log_out Ada Admin ours",
      "shadow_log_in Ada Admin ours",
    ]);
    const second = await (await open(`?companyId=${f.companyId}&pageSize=10&page=2`, f.superCookie)).json();
    expect(second).toMatchObject({ total: 4, items: [] });
    const theirs = await (await open(`?companyId=${other.companyId}`, f.superCookie)).json();
    expect(theirs.items.map(line)).toEqual(["shadow_log_out Ada Admin other", "shadow_log_in Ada Admin other"]);

    expect((await open("", await sessionCookie(f.adminId))).status).toBe(403);
    expect((await open("", await sessionCookie(f.techId))).status).toBe(403);
    const visitor = await open("");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });
});
