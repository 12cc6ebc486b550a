import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, outboxMessages, portalSessions, portalSignInLinks } from "~/db/schema";
import { requirePortal } from "~/access/portal.server";
import { screens } from "~/access/route-table";
import { Role } from "~/access/roles";
import { onboardingSteps } from "~/models/company/onboarding.server";
import { messageValuesForJob } from "~/models/messaging/message-values.server";
import { mintSignInLink } from "~/models/portal/sessions.server";
import { getPortalSettings } from "~/models/portal/settings.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/customer-portal";
import { action as customerAction } from "~/routes/_app+/customers+/$id";
import { action as signInAction, loader as signInLoader } from "~/routes/portal+/$companyId.sign-in";
import { action as linkAction, loader as linkLoader } from "~/routes/portal+/sign-in.$token";
import { action as signOutAction } from "~/routes/portal+/sign-out";
import { jobs } from "~/db/schema";
import { useTestDatabase } from "../../helpers/db";
import {
  accessFor,
  createTestCompany,
  createTestUser,
  makeRequest,
  runRoute,
  sessionCookie,
} from "../../helpers/factories";
import { enablePortal } from "./portal-fixtures";

useTestDatabase();

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const form = (values: Record<string, string>) => new URLSearchParams(values);

let companyId: number;
let adminCookie: string;
let customerId: number;
let email: string;
let otherCompanyId: number;
let otherCustomerId: number;
let addressCount = 0;

beforeAll(async () => {
  const company = await createTestCompany({ businessName: "Sign-in Heating" });
  companyId = company.companyId;
  adminCookie = await sessionCookie(company.userId);
  email = `dana-${Date.now()}@example.com`;
  const [c] = await db
    .insert(customers)
    .values({ companyId, firstName: "Dana", lastName: "Reyes", email, mainPhoneNumber: "+12025550143" })
    .returning({ id: customers.id });
  customerId = c!.id;
  const other = await createTestCompany({ businessName: "Other Heating" });
  otherCompanyId = other.companyId;
  await enablePortal(otherCompanyId);
  const [o] = await db
    .insert(customers)
    .values({ companyId: otherCompanyId, firstName: "Olga", email: `olga-${Date.now()}@example.com` })
    .returning({ id: customers.id });
  otherCustomerId = o!.id;
});

/** A sign-in request as the page posts it, from its own client address (so limits stay per test). */
async function askForLink(contact: string, opts: { company?: number; address?: string } = {}) {
  const company = String(opts.company ?? companyId);
  const request = makeRequest(`/portal/${company}/sign-in`, {
    method: "POST",
    body: form({ contact, websiteUrl: "" }),
  });
  const address = opts.address ?? `198.51.100.${++addressCount}`;
  try {
    return (await signInAction({
      request,
      params: { companyId: company },
      context: { clientAddress: address },
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const linksOf = (id: number) =>
  db
    .select({ body: outboxMessages.body, channel: outboxMessages.channel, to: outboxMessages.to })
    .from(outboxMessages)
    .where(eq(outboxMessages.customerId, id))
    .orderBy(outboxMessages.id);

const tokenIn = (body: string) => /\/portal\/sign-in\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

async function postLink(token: string, cookie?: string) {
  return runRoute(linkAction, makeRequest(`/portal/sign-in/${token}`, { method: "POST", body: form({}), cookie }), {
    token,
  });
}

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

describe("/customer-portal settings", () => {
  it("saves what customers may do and the look; turning it on ticks the onboarding step", async () => {
    const before = await runRoute(settingsLoader, makeRequest("/customer-portal", { cookie: adminCookie }));
    expect(before.status).toBe(200);
    const shown = await before.json();
    expect(shown.settings.isEnabled).toBe(false);
    expect(shown.signInUrl).toMatch(new RegExp(`/portal/${companyId}/sign-in$`));

    const saved = await runRoute(
      settingsAction,
      makeRequest("/customer-portal", {
        method: "POST",
        cookie: adminCookie,
        body: form({
          intent: "save",
          isEnabled: "on",
          canApproveEstimates: "on",
          canSeeVisits: "on",
          canManageCards: "on",
          accentColor: "#0B6E4F",
          welcomeMessage: "  Welcome back!  ",
        }),
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/customer-portal");
    expect(await getPortalSettings(companyId)).toEqual({
      isEnabled: true,
      canApproveEstimates: true,
      canPayInvoices: false,
      canSeeVisits: true,
      canRequestWork: false,
      canManageCards: true,
      accentColor: "#0b6e4f",
      welcomeMessage: "Welcome back!",
    });
    const { ctx } = await accessFor((await createTestUser(companyId, Role.CompanyAdmin)).userId);
    expect((await onboardingSteps(ctx))[6]).toMatchObject({ title: "Set customer portal", isDone: true });
  });

  it("refuses a bad colour and a long welcome with the exact messages (400), and keeps what was saved", async () => {
    const refused = await runRoute(
      settingsAction,
      makeRequest("/customer-portal", {
        method: "POST",
        cookie: adminCookie,
        body: form({ intent: "save", isEnabled: "on", accentColor: "green", welcomeMessage: "x".repeat(501) }),
      }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({
      accentColor: "Enter a colour such as #1a73e8",
      welcomeMessage: "The welcome message can be at most 500 characters",
    });
    expect((await getPortalSettings(companyId)).accentColor).toBe("#0b6e4f");
  });

  it("is for manager roles: a field tech gets 403, an unknown intent 400", async () => {
    const tech = await sessionCookie((await createTestUser(companyId, Role.FieldTech)).userId);
    expect((await runRoute(settingsLoader, makeRequest("/customer-portal", { cookie: tech }))).status).toBe(403);
    const unknown = await runRoute(
      settingsAction,
      makeRequest("/customer-portal", { method: "POST", cookie: adminCookie, body: form({ intent: "nope" }) }),
    );
    expect(unknown.status).toBe(400);
  });
});

describe("asking for a sign-in link", () => {
  it("sends a link to a known email; only the token's SHA-256 is stored; the answer is the same for an unknown one", async () => {
    const known = await askForLink(email.toUpperCase());
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe(`/portal/${companyId}/sign-in?sent`);
    const unknown = await askForLink("nobody@example.com");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe(known.headers.get("Location"));

    const sent = await linksOf(customerId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "email", to: email });
    const token = tokenIn(sent[0]!.body)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.select().from(portalSignInLinks).where(eq(portalSignInLinks.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(15);

    const page = await runRoute(signInLoader, makeRequest(`/portal/${companyId}/sign-in?sent`), {
      companyId: String(companyId),
    });
    expect((await page.json()).notice).toBe("If we know this address, a link is on its way");
  });

  it("sends a text to a known phone typed in any US form", async () => {
    await askForLink("(202) 555-0143");
    const texts = (await linksOf(customerId)).filter((m) => m.channel === "sms");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe("+12025550143");
    expect(tokenIn(texts[0]!.body)).toBeTruthy();
  });

  it("a retry within the minute sends nothing more, and leaves no second link", async () => {
    const typed = `retry-${Date.now()}@example.com`;
    const [c] = await db
      .insert(customers)
      .values({ companyId, firstName: "Rita", email: typed })
      .returning({ id: customers.id });
    // The retry window is the minute of the request: not two requests either side of its end.
    const second = new Date().getSeconds();
    if (second >= 55) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    await askForLink(typed);
    await askForLink(typed);
    expect(await linksOf(c!.id)).toHaveLength(1);
    expect(await db.select().from(portalSignInLinks).where(eq(portalSignInLinks.customerId, c!.id))).toHaveLength(1);
  });

  it("refuses an empty or malformed address with the exact message", async () => {
    const empty = await askForLink("  ");
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe("Enter your email or phone number");
    const bad = await askForLink("12");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Enter an email address or a US or Canadian phone number");
  });

  it("is rate limited per address typed: the sixth request in an hour is 429", async () => {
    const typed = `limit-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await askForLink(typed)).status).toBe(302);
    const limited = await askForLink(typed);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("a company with the portal off, or an unknown id, has no sign-in page (404)", async () => {
    const off = await createTestCompany();
    for (const id of [String(off.companyId), "999999999", "abc"]) {
      const page = await runRoute(signInLoader, makeRequest(`/portal/${id}/sign-in`), { companyId: id });
      expect(page.status).toBe(404);
    }
    expect((await askForLink(email, { company: off.companyId })).status).toBe(404);
  });
});

describe("using a sign-in link", () => {
  it("GET shows the button and uses nothing; POST opens a session once; a second POST is the expired page", async () => {
    const token = await mintSignInLink({ companyId, customerId, channel: "email", lifetimeMs: 15 * 60_000 });
    for (let i = 0; i < 2; i++) {
      const page = await runRoute(linkLoader, makeRequest(`/portal/sign-in/${token}`), { token });
      expect(page.status).toBe(200);
      expect(await page.json()).toEqual({ expired: false, businessName: "Sign-in Heating" });
    }
    const [unused] = await db
      .select()
      .from(portalSignInLinks)
      .where(eq(portalSignInLinks.tokenHash, sha256(token)));
    expect(unused!.usedAt).toBeNull();

    const opened = await postLink(token);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/portal");
    const setCookie = opened.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__portal=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/portal(;|$)/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = cookieOf(opened);

    const access = await requirePortal({ request: makeRequest("/portal", { cookie }) }, screens.portal.home);
    expect(access).toMatchObject({
      companyId,
      customerId,
      customer: { firstName: "Dana", lastName: "Reyes", email, phone: "+12025550143" },
      company: { id: companyId, businessName: "Sign-in Heating", country: "US" },
      settings: { isEnabled: true, canPayInvoices: false, accentColor: "#0b6e4f" },
    });
    const [session] = await db.select().from(portalSessions).where(eq(portalSessions.id, access.sessionId));
    expect(session).toMatchObject({ companyId, customerId });
    expect(session!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(cookie)).not.toContain(session!.id);

    const again = await postLink(token);
    expect(again.status).toBe(404);
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await again.json()).toEqual({
      expired: true,
      businessName: "Sign-in Heating",
      signInPath: `/portal/${companyId}/sign-in`,
    });
  });

  it("an expired link opens nothing", async () => {
    const token = await mintSignInLink({
      companyId,
      customerId,
      channel: "email",
      lifetimeMs: 15 * 60_000,
      now: new Date(Date.now() - 16 * 60_000),
    });
    expect((await runRoute(linkLoader, makeRequest(`/portal/sign-in/${token}`), { token })).status).toBe(404);
    const used = await postLink(token);
    expect(used.status).toBe(404);
    expect((await used.json()).expired).toBe(true);
  });

  it("an unknown or malformed token is the expired page without a company", async () => {
    for (const token of ["x".repeat(43), "short", "../../etc"]) {
      const answer = await postLink(token);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ expired: true, businessName: null, signInPath: null });
    }
  });

  it("sign-out ends the session: its cookie is cleared and the old one goes back to sign-in", async () => {
    const token = await mintSignInLink({ companyId, customerId, channel: "email", lifetimeMs: 60_000 });
    const cookie = cookieOf(await postLink(token));
    const out = await runRoute(
      signOutAction,
      makeRequest("/portal/sign-out", { method: "POST", cookie, body: form({}) }),
    );
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe(`/portal/${companyId}/sign-in?signed-out`);
    expect(out.headers.get("Set-Cookie")).toMatch(/^__portal=;.*Expires=Thu, 01 Jan 1970/);
    const after = await runRoute(
      (args: never) => requirePortal(args, screens.portal.home),
      makeRequest("/portal", { cookie }),
    );
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe(`/portal/${companyId}/sign-in`);
  });

  it("a portal turned off or a deleted customer ends the session's reach", async () => {
    const [c] = await db
      .insert(customers)
      .values({ companyId: otherCompanyId, firstName: "Gone", email: `gone-${Date.now()}@example.com` })
      .returning({ id: customers.id });
    const token = await mintSignInLink({
      companyId: otherCompanyId,
      customerId: c!.id,
      channel: "email",
      lifetimeMs: 60_000,
    });
    const cookie = cookieOf(await postLink(token));
    const check = () =>
      runRoute((args: never) => requirePortal(args, screens.portal.home), makeRequest("/portal", { cookie }));
    expect((await check()).status).not.toBe(302);
    await db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, c!.id));
    const denied = await check();
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe(`/portal/${otherCompanyId}/sign-in`);
  });
});

describe("links in messages and from the customer page", () => {
  it("{{customer_portal_link}} is a fresh link valid 72 hours when the portal is on", async () => {
    const [job] = await db
      .insert(jobs)
      .values({
        companyId,
        customerId,
        name: "Furnace check",
        status: 1,
        timezone: "America/New_York",
        publicToken: `t${Date.now()}`,
      })
      .returning({ id: jobs.id });
    const values = await messageValuesForJob(companyId, job!.id);
    const token = tokenIn(values!.customer_portal_link!)!;
    expect(values!.customer_portal_link).toMatch(/^http:\/\/localhost:\d+\/portal\/sign-in\/[A-Za-z0-9_-]{43}$/);
    expect(values!.direct_portal_link).toMatch(/\/service-visit-details\/t\d+$/);
    const [row] = await db
      .select()
      .from(portalSignInLinks)
      .where(eq(portalSignInLinks.tokenHash, sha256(token)));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000)).toBe(72);

    const off = await createTestCompany();
    const [offCustomer] = await db
      .insert(customers)
      .values({ companyId: off.companyId, firstName: "Ned" })
      .returning({ id: customers.id });
    const [offJob] = await db
      .insert(jobs)
      .values({
        companyId: off.companyId,
        customerId: offCustomer!.id,
        name: "Check",
        status: 1,
        timezone: "America/New_York",
        publicToken: `u${Date.now()}`,
      })
      .returning({ id: jobs.id });
    expect((await messageValuesForJob(off.companyId, offJob!.id))!.customer_portal_link).toBeUndefined();
  });

  it("staff send a customer the link by email from the customer page; another company's customer is 404-like", async () => {
    const before = (await linksOf(customerId)).length;
    const sent = await runRoute(
      customerAction,
      makeRequest(`/customers/${customerId}`, {
        method: "POST",
        cookie: adminCookie,
        body: form({ intent: "portalLink", channel: "email" }),
      }),
      { id: String(customerId) },
    );
    expect(sent.status).toBe(302);
    const messages = await linksOf(customerId);
    expect(messages.length).toBe(before + 1);
    expect(messages.at(-1)!.body).toContain("for 72 hours");

    const foreign = await runRoute(
      customerAction,
      makeRequest(`/customers/${otherCustomerId}`, {
        method: "POST",
        cookie: adminCookie,
        body: form({ intent: "portalLink", channel: "email" }),
      }),
      { id: String(otherCustomerId) },
    );
    expect(foreign.status).toBe(302);
    expect(await linksOf(otherCustomerId)).toHaveLength(0);
    const links = await db
      .select()
      .from(portalSignInLinks)
      .where(and(eq(portalSignInLinks.customerId, otherCustomerId), eq(portalSignInLinks.companyId, companyId)));
    expect(links).toHaveLength(0);
  });
});
