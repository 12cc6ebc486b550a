import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { companies, sessions, users } from "~/db/schema";
import { Role } from "~/access/roles";
import * as login from "~/routes/_auth+/login";
import * as forgot from "~/routes/_auth+/forgot";
import * as reset from "~/routes/_auth+/reset";
import * as logout from "~/routes/logout";
import * as stopImpersonating from "~/routes/account+/stop-impersonating";
import * as outbox from "~/routes/dev+/outbox";
import * as apiDocs from "~/routes/_public+/api-documentation";
import { loader as currentLoader } from "~/routes/api+/users+/current";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, makeRequest, sessionCookie, TEST_PASSWORD } from "../../helpers/factories";
import { call, codeFrom, cookieOf, form, lastEmailTo, tokenFrom, uniqueEmail } from "./helpers";
import { shadowLogInAs } from "./shadow";
import { postSignup, signupAccount } from "./signup-form";

useTestDatabase();

/** Cookies as a browser keeps them: later Set-Cookie values replace earlier ones by name. */
function jar(...responses: (Response | string)[]) {
  const map = new Map<string, string>();
  for (const r of responses) {
    const pairs = typeof r === "string" ? [r] : r.headers.getSetCookie().map((c) => c.split(";")[0]);
    for (const pair of pairs) if (pair) map.set(pair.split("=")[0], pair);
  }
  return [...map.values()].join("; ");
}

describe("/login", () => {
  it("signs in and goes home by role, or to a safe redirectTo", async () => {
    const { companyId, email } = await createTestCompany();
    const tech = await createTestUser(companyId, Role.FieldTech);
    const admin = await call(
      login.action,
      makeRequest("/login", form({ email, password: TEST_PASSWORD, intent: "signIn" })),
    );
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/dashboard");
    const techRes = await call(
      login.action,
      makeRequest("/login", form({ email: tech.email, password: TEST_PASSWORD, redirectTo: "/jobs?page=2" })),
    );
    expect(techRes.headers.get("Location")).toBe("/jobs?page=2");
    const evil = await call(
      login.action,
      makeRequest("/login", form({ email: tech.email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" })),
    );
    // A refused return address goes to the home page of the role, and the page never carries it.
    expect(evil.headers.get("Location")).toBe("/schedule");
    expect(await (await call(login.loader, makeRequest("/login?redirectTo=%2F%2Fevil.example%2Fx"))).json()).toEqual({
      step: "password",
      redirectTo: "",
    });
    expect(await (await call(login.loader, makeRequest("/login?redirectTo=%2Fcustomers%3Ftag%3D1"))).json()).toEqual({
      step: "password",
      redirectTo: "/customers?tag=1",
    });
    // a signed-in user on /login goes home
    const again = await call(login.loader, makeRequest("/login", { cookie: cookieOf(techRes) }));
    expect(again.headers.get("Location")).toBe("/schedule");
  });

  it("keeps the email, never the password, after a wrong password", async () => {
    const { email } = await createTestCompany();
    const res = await call(
      login.action,
      makeRequest("/login", form({ email, password: "wrong-password", intent: "signIn" })),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.fieldErrors._global).toBe("Invalid email or password");
    expect(body.repopulateFields).toEqual({ email });
    const empty = await call(login.action, makeRequest("/login", form({ email: "", password: "" })));
    expect((await empty.json()).fieldErrors).toMatchObject({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("asks for the code with only the user id in the signed cookie", async () => {
    const { email, userId } = await createTestCompany();
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    const first = await call(
      login.action,
      makeRequest("/login", form({ email, password: TEST_PASSWORD, redirectTo: "/customers" })),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login");
    const pendingCookie = jar(first);
    expect(pendingCookie).not.toContain(TEST_PASSWORD);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const page = await call(login.loader, makeRequest("/login", { cookie: pendingCookie }));
    expect(await page.json()).toEqual({ step: "code", redirectTo: "" });
    const code = codeFrom((await lastEmailTo(email)).subject);
    const wrong = await call(
      login.action,
      makeRequest("/login", {
        ...form({ code: code === "999999" ? "888888" : "999999", intent: "verify" }),
        cookie: pendingCookie,
      }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fieldErrors.code).toMatch(/The code is not correct/);
    const right = await call(
      login.action,
      makeRequest("/login", { ...form({ code, intent: "verify" }), cookie: pendingCookie }),
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/customers");
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: cookieOf(right) }))).status).toBe(
      200,
    );
  });

  it("refuses the code step without a pending sign-in", async () => {
    const res = await call(login.action, makeRequest("/login", form({ code: "123456", intent: "verify" })));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });

  it("answers 429 on screen when the limit is spent", async () => {
    const { email } = await createTestCompany();
    for (let i = 0; i < 10; i++)
      expect(
        (await call(login.action, makeRequest("/login", form({ email, password: "wrong-password" })))).status,
      ).toBe(422);
    const spent = await call(login.action, makeRequest("/login", form({ email, password: "wrong-password" })));
    expect(spent.status).toBe(429);
    const res = await call(login.action, makeRequest("/login", form({ email, password: TEST_PASSWORD })));
    expect(res.status).toBe(429);
    expect((await res.json()).fieldErrors._global).toMatch(/^Too many attempts/);
  });

  it("refuses an unknown intent", async () => {
    expect((await call(login.action, makeRequest("/login", form({ intent: "dance" })))).status).toBe(400);
  });
});

describe("/signup", () => {
  const business = {
    businessName: "Lopez Plumbing",
    industry: "18",
    companySize: "0",
    country: "CA",
    location: "Toronto",
    password: "correct horse",
    confirmPassword: "correct horse",
    terms: "true",
  };

  it("goes to step 2 through the server, then creates the account and signs in", async () => {
    const email = uniqueEmail();
    const step1 = await postSignup({ ...signupAccount(email), step: "1", intent: "next" });
    expect(step1.status).toBe(200);
    expect((await step1.json()).values).toMatchObject({ step: "2", email, firstName: "Maria" });
    const created = await postSignup({ ...signupAccount(email), ...business, step: "2", intent: "create" });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/dashboard");
    expect(created.headers.getSetCookie().length).toBe(2);
    const me = await (await call(currentLoader, makeRequest("/api/users/current", { cookie: jar(created) }))).json();
    expect(me).toMatchObject({ email, country: "CA", roles: [Role.CompanyAdmin], subscription: { isTrialing: true } });
    const [company] = await db.select().from(companies).where(eq(companies.id, me.company.id));
    expect(company).toMatchObject({ industry: 18, companySize: 0, country: "CA", timezone: "America/Toronto" });
  });

  it("shows the spec's messages with values kept and passwords dropped", async () => {
    const email = uniqueEmail();
    const res = await postSignup({
      ...signupAccount(email),
      ...business,
      confirmPassword: "different!",
      terms: undefined,
      step: "2",
      intent: "create",
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.fieldErrors).toMatchObject({
      confirmPassword: "Confirm Password doesn't match Password",
      terms: "Please accept Terms and Conditions",
    });
    expect(body.repopulateFields).toMatchObject({ step: "2", businessName: "Lopez Plumbing", email });
    expect(body.repopulateFields.password).toBeUndefined();
    expect(body.repopulateFields.confirmPassword).toBeUndefined();
  });

  it("stays on step 1 for a taken email, and Back keeps what was typed", async () => {
    const { email } = await createTestCompany();
    const taken = await postSignup({ ...signupAccount(email), step: "1", intent: "next" });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({
      fieldErrors: { email: "An account with this email already exists" },
      repopulateFields: { step: "1", email },
    });
    const back = await postSignup({ ...signupAccount(uniqueEmail()), ...business, step: "2", intent: "back" });
    expect((await back.json()).values).toMatchObject({
      step: "1",
      businessName: "Lopez Plumbing",
      country: "CA",
      firstName: "Maria",
    });
  });

  it("refuses a filled honeypot", async () => {
    const res = await postSignup({
      ...signupAccount(uniqueEmail()),
      ...business,
      websiteUrl: "http://spam.example",
      step: "2",
      intent: "create",
    });
    expect(res.status).toBe(422);
  });
});

describe("/forgot and /reset", () => {
  it("answers the same either way, and the link resets once", async () => {
    const { email, userId } = await createTestCompany();
    const signedIn = await sessionCookie(userId);
    const known = await call(forgot.action, makeRequest("/forgot", form({ email })));
    const unknown = await call(forgot.action, makeRequest("/forgot", form({ email: uniqueEmail() })));
    expect(await known.json()).toEqual({ sent: true, email });
    expect(known.status).toBe(unknown.status);
    const token = tokenFrom((await lastEmailTo(email)).body);
    const page = await call(reset.loader, makeRequest(`/reset?token=${encodeURIComponent(token)}`));
    expect(await page.json()).toEqual({ token, problem: null });
    const mismatch = await call(
      reset.action,
      makeRequest("/reset", form({ token, password: "new secret 1", confirmPassword: "other" })),
    );
    expect((await mismatch.json()).fieldErrors.confirmPassword).toBe("Confirm Password doesn't match Password");
    const done = await call(
      reset.action,
      makeRequest("/reset", form({ token, password: "new secret 1", confirmPassword: "new secret 1" })),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: signedIn }))).status).toBe(401);
    const used = await call(reset.loader, makeRequest(`/reset?token=${encodeURIComponent(token)}`));
    expect(used.status).toBe(400);
    expect((await used.json()).problem).toBe("This link was already used. Please ask for a new one.");
    const reuse = await call(
      reset.action,
      makeRequest("/reset", form({ token, password: "new secret 2", confirmPassword: "new secret 2" })),
    );
    expect((await reuse.json()).fieldErrors._global).toBe("This link was already used. Please ask for a new one.");
  });
});

describe("/logout and stop impersonating", () => {
  /** A super admin signed in as the admin of another company, through the shadow log-in call. */
  async function superAdminShadowingAnAdmin() {
    const { companyId: platform } = await createTestCompany();
    const { userId: superId } = await createTestUser(platform, Role.SuperAdmin);
    const { userId: adminId } = await createTestCompany();
    const superCookie = await sessionCookie(superId);
    const shadow = await shadowLogInAs(superCookie, adminId);
    return { superId, shadow };
  }

  it("kills the session row", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const res = await call(logout.action, makeRequest("/logout", { method: "POST", cookie }));
    expect(res.headers.get("Location")).toBe("/login");
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie }))).status).toBe(401);
  });

  it("returns the super admin to their own session and the admin panel", async () => {
    const { superId, shadow } = await superAdminShadowingAnAdmin();
    const back = await call(
      stopImpersonating.action,
      makeRequest("/account/stop-impersonating", { method: "POST", cookie: cookieOf(shadow) }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/admin-panel");
    const me = await (await call(currentLoader, makeRequest("/api/users/current", { cookie: jar(back) }))).json();
    expect(me).toMatchObject({ id: superId, isShadowLogIn: false });
  });

  it("signs the super admin out instead when their own session went idle past the timeout meanwhile", async () => {
    const { superId, shadow } = await superAdminShadowingAnAdmin();
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(sessions.userId, superId), isNull(sessions.impersonatorUserId)));
    const back = await call(
      stopImpersonating.action,
      makeRequest("/account/stop-impersonating", { method: "POST", cookie: cookieOf(shadow) }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/login");
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: jar(back) }))).status).toBe(401);
  });
});

describe("/dev/outbox and /api-documentation", () => {
  it("lists stored messages newest first to a signed-in super admin only, and is 404 in production", async () => {
    const { companyId, email, userId: adminId } = await createTestCompany();
    const { userId: superId } = await createTestUser(companyId, Role.SuperAdmin);
    await call(forgot.action, makeRequest("/forgot", form({ email })));
    const res = await call(outbox.loader, makeRequest("/dev/outbox", { cookie: await sessionCookie(superId) }));
    const body = await res.json();
    expect(body.items[0]).toMatchObject({ to: email, channel: "email", subject: "Reset your Fieldwise password" });
    // Anyone else gets the unknown page's answer, so the page's existence is not revealed.
    expect((await call(outbox.loader, makeRequest("/dev/outbox"))).status).toBe(404);
    expect(
      (await call(outbox.loader, makeRequest("/dev/outbox", { cookie: await sessionCookie(adminId) }))).status,
    ).toBe(404);
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_URL", "https://app.example.com");
    vi.resetModules();
    try {
      const prodOutbox = await import("~/routes/dev+/outbox");
      const prod = await call(prodOutbox.loader, makeRequest("/dev/outbox"));
      expect(prod.status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("groups the calls by tag", async () => {
    const res = await call(apiDocs.loader, makeRequest("/api-documentation"));
    const { tags } = await res.json();
    const account = tags.find((t: { tag: string }) => t.tag === "Account");
    const signIn = account.calls.find((c: { path: string }) => c.path === "/api/account/sign-in");
    expect(signIn).toMatchObject({ method: "POST", access: "anyone (no session needed)" });
    expect(signIn.body.map((f: { name: string }) => f.name)).toEqual(["email", "password"]);
    const users = tags.find((t: { tag: string }) => t.tag === "Users");
    const current = users.calls.find((c: { path: string }) => c.path === "/api/users/current");
    expect(current.responses[0].fields.map((f: { name: string }) => f.name)).toContain("subscription.isTrialing");
  });
});
