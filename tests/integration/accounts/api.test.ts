import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, leadSources, plans, sessions, subscriptions, users, verifications } from "~/db/schema";
import { TRIAL_PLAN_PRICE_ID } from "~/models/admin/plans.server";
import { Role } from "~/access/roles";
import { action as signInAction } from "~/routes/api+/account+/sign-in";
import { action as verifyCodeAction } from "~/routes/api+/account+/verify-code";
import { action as signUpAction } from "~/routes/api+/account+/sign-up";
import { action as firstStepAction } from "~/routes/api+/account+/signUpFirstStepPassed";
import { action as emailExistsAction } from "~/routes/api+/account+/email-exists";
import { action as forgotAction } from "~/routes/api+/account+/forgotPassword";
import { action as resetAction } from "~/routes/api+/account+/resetPassword";
import { action as logoutAction } from "~/routes/api+/account+/logout";
import { loader as currentLoader } from "~/routes/api+/users+/current";
import { loader as companyUsersLoader } from "~/routes/api+/users+/get-for-comapny";
import { action as shadowLogOutAction } from "~/routes/api+/users+/shadow-log-out";
import { useTestDatabase } from "../../helpers/db";
import { signUpJson } from "../../helpers/sign-up";
import { PRESET_LEAD_SOURCES } from "../lead-source-presets";
import { createTestCompany, createTestUser, makeRequest, sessionCookie, TEST_PASSWORD } from "../../helpers/factories";
import { call, codeFrom, cookieOf, lastEmailTo, tokenFrom, uniqueEmail } from "./helpers";
import { shadowLogInAs } from "./shadow";

useTestDatabase();

const signUpBody = (email: string) => ({
  ...signUpJson(email),
  businessPhoneNumber: "415-555-0199",
  businessWebsite: "lopezplumbing.com",
  mainInterests: "Scheduling, invoicing",
  location: "San Francisco, CA",
  isDemoRequested: true,
});

describe("account/sign-up", () => {
  it("creates company, admin, 14-day trial and preset lead sources, and signs in", async () => {
    const email = uniqueEmail();
    const before = Date.now();
    const res = await call(
      signUpAction,
      makeRequest("/api/account/sign-up", { method: "POST", json: signUpBody(email) }),
    );
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toMatchObject({
      email,
      firstName: "Maria",
      lastName: "Lopez",
      roles: [Role.CompanyAdmin],
      businessName: "Lopez Plumbing",
      country: "US",
      isShadowLogIn: false,
    });
    expect(user.subscription.isTrialing).toBe(true);
    expect(user.subscription.isActive).toBe(true);
    const trialEnds = new Date(user.subscription.trialExpiration).getTime();
    expect(Math.round((trialEnds - before) / 86400_000)).toBe(14);
    const [company] = await db.select().from(companies).where(eq(companies.id, user.company.id));
    expect(company).toMatchObject({
      industry: 18,
      companySize: 1,
      businessPhoneNumber: "+14155550199",
      businessWebsite: "https://lopezplumbing.com",
      isDemoRequested: true,
    });
    const [admin] = await db.select().from(users).where(eq(users.id, user.id));
    expect(admin.mainPhoneNumber).toBe("+14155550134");
    expect(admin.passwordHash).toMatch(/^scrypt\$/);
    const sources = await db
      .select({ name: leadSources.name })
      .from(leadSources)
      .where(eq(leadSources.companyId, company.id));
    expect(sources.map((s) => s.name).sort()).toEqual(PRESET_LEAD_SOURCES);
    // the cookie signs the new admin in
    const me = await call(currentLoader, makeRequest("/api/users/current", { cookie: cookieOf(res) }));
    expect((await me.json()).id).toBe(user.id);
  });

  it("takes mainInterests as a list or a text, in JSON and in a form, and stores one comma-joined text", async () => {
    const storedInterests = async (res: Response) => {
      expect(res.status).toBe(201);
      const { company } = await res.json();
      const [row] = await db
        .select({ mainInterests: companies.mainInterests })
        .from(companies)
        .where(eq(companies.id, company.id));
      return row.mainInterests;
    };
    const signUpJson = (mainInterests: unknown) =>
      call(
        signUpAction,
        makeRequest("/api/account/sign-up", { method: "POST", json: { ...signUpBody(uniqueEmail()), mainInterests } }),
      );
    expect(await storedInterests(await signUpJson(["Scheduling", " invoicing ", ""]))).toBe("Scheduling, invoicing");
    expect(await storedInterests(await signUpJson("Scheduling,invoicing"))).toBe("Scheduling, invoicing");
    expect(await storedInterests(await signUpJson("Scheduling"))).toBe("Scheduling");
    expect(await storedInterests(await signUpJson([]))).toBeNull();
    const signUpForm = (interests: string[]) => {
      const fields = new URLSearchParams(
        Object.entries({ ...signUpBody(uniqueEmail()), mainInterests: undefined }).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, String(v)]],
        ),
      );
      for (const interest of interests) fields.append("mainInterests", interest);
      return call(
        signUpAction,
        makeRequest("/api/account/sign-up", {
          method: "POST",
          body: fields,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      );
    };
    expect(await storedInterests(await signUpForm(["Scheduling", "invoicing"]))).toBe("Scheduling, invoicing");
    expect(await storedInterests(await signUpForm(["Scheduling, invoicing"]))).toBe("Scheduling, invoicing");
    const wrong = await signUpJson([1, 2]);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toHaveProperty("mainInterests");
  });

  it("refuses a taken email and wrong fields with the errors map", async () => {
    const email = uniqueEmail();
    await call(signUpAction, makeRequest("/api/account/sign-up", { method: "POST", json: signUpBody(email) }));
    const taken = await call(
      signUpAction,
      makeRequest("/api/account/sign-up", { method: "POST", json: signUpBody(email.toUpperCase()) }),
    );
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({ errors: { email: "An account with this email already exists" } });
    const bad = await call(
      signUpAction,
      makeRequest("/api/account/sign-up", {
        method: "POST",
        json: { ...signUpBody(uniqueEmail()), password: "short", phoneNumber: "12", email: "nope", country: "MX" },
      }),
    );
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(errors).toMatchObject({
      password: "Password is too short - should be 8 chars minimum",
      phoneNumber: "Phone number must be valid",
      email: "Incorrect email format",
    });
    expect(errors.country).toBeDefined();
  });

  it("rolls the whole sign-up back when a later part fails", async () => {
    const email = uniqueEmail();
    const companiesBefore = (await db.select({ id: companies.id }).from(companies)).length;
    // the trial plan goes missing: company and admin are inserted before the trial fails
    await db.update(plans).set({ priceId: "price_hidden" }).where(eq(plans.priceId, TRIAL_PLAN_PRICE_ID));
    try {
      await expect(
        call(signUpAction, makeRequest("/api/account/sign-up", { method: "POST", json: signUpBody(email) })),
      ).rejects.toThrow(/not seeded/);
    } finally {
      await db.update(plans).set({ priceId: TRIAL_PLAN_PRICE_ID }).where(eq(plans.priceId, "price_hidden"));
    }
    expect((await db.select({ id: companies.id }).from(companies)).length).toBe(companiesBefore);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe("account/signUpFirstStepPassed and email-exists", () => {
  it("validates the first step and tells a taken email", async () => {
    const { email } = await createTestCompany();
    const ok = await call(
      firstStepAction,
      makeRequest("/api/account/signUpFirstStepPassed", {
        method: "POST",
        json: { email: uniqueEmail(), firstName: "Al", lastName: "Bo", phoneNumber: "+1 604 555 0101" },
      }),
    );
    expect(ok.status).toBe(200);
    const taken = await call(
      firstStepAction,
      makeRequest("/api/account/signUpFirstStepPassed", {
        method: "POST",
        json: { email, firstName: "Al", lastName: "Bo", phoneNumber: "+16045550101" },
      }),
    );
    expect(taken.status).toBe(400);
    expect((await taken.json()).errors.email).toBe("An account with this email already exists");
    const empty = await call(
      firstStepAction,
      makeRequest("/api/account/signUpFirstStepPassed", { method: "POST", json: {} }),
    );
    expect((await empty.json()).errors).toEqual({
      email: "Email is required",
      firstName: "First Name is required",
      lastName: "Last Name is required",
      phoneNumber: "Phone Number is required",
    });
    const exists = await call(
      emailExistsAction,
      makeRequest("/api/account/email-exists", { method: "POST", json: { email } }),
    );
    expect(await exists.json()).toEqual({ exists: true });
    const missing = await call(
      emailExistsAction,
      makeRequest("/api/account/email-exists", { method: "POST", json: { email: uniqueEmail() } }),
    );
    expect(await missing.json()).toEqual({ exists: false });
  });
});

describe("account/sign-in, verify-code, logout", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const { email, userId } = await createTestCompany();
    const wrong = await call(
      signInAction,
      makeRequest("/api/account/sign-in", { method: "POST", json: { email, password: "not it at all" } }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Invalid email or password" });
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    const unknown = await call(
      signInAction,
      makeRequest("/api/account/sign-in", { method: "POST", json: { email: uniqueEmail(), password: TEST_PASSWORD } }),
    );
    expect(await unknown.json()).toEqual({ message: "Invalid email or password" });
    const right = await call(
      signInAction,
      makeRequest("/api/account/sign-in", {
        method: "POST",
        json: { email: email.toUpperCase(), password: TEST_PASSWORD },
      }),
    );
    expect(right.status).toBe(200);
    const body = await right.json();
    expect(body).toMatchObject({ id: userId, needTwoFactorAuthentication: false, roles: [Role.CompanyAdmin] });
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "firstName",
        "lastName",
        "email",
        "roles",
        "features",
        "subscription",
        "isShadowLogIn",
        "defaultArrivalWindowOffset",
        "quickBooksInfo",
        "businessName",
        "logoUrl",
        "companyLogoUrl",
        "country",
        "company",
        "calendarSyncToken",
        "canSendEmails",
        "canSendSms",
        "needTwoFactorAuthentication",
      ].sort(),
    );
    expect(Object.keys(body.subscription).sort()).toEqual([
      "expirationDate",
      "isActive",
      "isTrialing",
      "trialExpiration",
    ]);
    expect(body.features).toContain(16);
    const setCookie = right.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("rotates the session row at sign-in", async () => {
    const { email, userId } = await createTestCompany();
    const old = await sessionCookie(userId);
    const res = await call(
      signInAction,
      makeRequest("/api/account/sign-in", { method: "POST", cookie: old, json: { email, password: TEST_PASSWORD } }),
    );
    expect(cookieOf(res)).not.toBe(old);
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: old }))).status).toBe(401);
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: cookieOf(res) }))).status).toBe(200);
  });

  it("asks for the emailed code when two-factor is on", async () => {
    const { email, userId } = await createTestCompany();
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    const first = await call(
      signInAction,
      makeRequest("/api/account/sign-in", { method: "POST", json: { email, password: TEST_PASSWORD } }),
    );
    expect(await first.json()).toEqual({ needTwoFactorAuthentication: true });
    expect(first.headers.get("Set-Cookie")).toBeNull();
    const mail = await lastEmailTo(email);
    const code = codeFrom(mail.subject);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, "two_factor")));
    expect(stored.secretHash).not.toContain(code);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await call(
      verifyCodeAction,
      makeRequest("/api/account/verify-code", {
        method: "POST",
        json: { email, password: TEST_PASSWORD, code: wrongCode },
      }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toMatch(/The code is not correct/);
    const badPassword = await call(
      verifyCodeAction,
      makeRequest("/api/account/verify-code", { method: "POST", json: { email, password: "wrong password", code } }),
    );
    expect(await badPassword.json()).toEqual({ message: "Invalid email or password" });
    const right = await call(
      verifyCodeAction,
      makeRequest("/api/account/verify-code", { method: "POST", json: { email, password: TEST_PASSWORD, code } }),
    );
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ id: userId, needTwoFactorAuthentication: false });
    // single use
    const again = await call(
      verifyCodeAction,
      makeRequest("/api/account/verify-code", { method: "POST", json: { email, password: TEST_PASSWORD, code } }),
    );
    expect((await again.json()).message).toBe("This code has expired. Sign in again to get a new code.");
  });

  it("ends the session at log-out", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const out = await call(logoutAction, makeRequest("/api/account/logout", { method: "POST", cookie }));
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie }))).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });
});

describe("account/forgotPassword and resetPassword", () => {
  it("answers the same for known and unknown emails, and the link works once", async () => {
    const { email, userId } = await createTestCompany();
    const other = await sessionCookie(userId);
    const known = await call(
      forgotAction,
      makeRequest("/api/account/forgotPassword", { method: "POST", json: { email } }),
    );
    const unknown = await call(
      forgotAction,
      makeRequest("/api/account/forgotPassword", { method: "POST", json: { email: uniqueEmail() } }),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const token = tokenFrom((await lastEmailTo(email)).body);
    expect(token.length).toBeGreaterThan(20);
    const reset = await call(
      resetAction,
      makeRequest("/api/account/resetPassword", { method: "POST", json: { token, password: "brand new secret" } }),
    );
    expect(reset.status).toBe(200);
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: other }))).status).toBe(401);
    const reuse = await call(
      resetAction,
      makeRequest("/api/account/resetPassword", { method: "POST", json: { token, password: "another secret" } }),
    );
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ message: "This link was already used. Please ask for a new one." });
    const signIn = await call(
      signInAction,
      makeRequest("/api/account/sign-in", { method: "POST", json: { email, password: "brand new secret" } }),
    );
    expect(signIn.status).toBe(200);
  });
});

describe("users/current, get-for-comapny, shadow log-in", () => {
  it("answers 401 without a session", async () => {
    const res = await call(currentLoader, makeRequest("/api/users/current"));
    expect(res.status).toBe(401);
  });

  it("lists the company's own users only", async () => {
    const { companyId, userId } = await createTestCompany();
    await createTestUser(companyId, Role.FieldTech, { firstName: "Zed", lastName: "Tech", color: "#3AC09D" });
    const { companyId: otherCompany } = await createTestCompany();
    await createTestUser(otherCompany, Role.FieldTech, { firstName: "Stranger" });
    const res = await call(
      companyUsersLoader,
      makeRequest("/api/users/get-for-comapny", { cookie: await sessionCookie(userId) }),
    );
    const list = await res.json();
    expect(list.map((u: { name: string }) => u.name)).toEqual(["Ada Admin", "Zed Tech"]);
    expect(list[1]).toMatchObject({ role: Role.FieldTech, color: "#3AC09D" });
  });

  it("lets the super admin act as a user of another company and come back", async () => {
    const { companyId: platform } = await createTestCompany();
    const { userId: superId } = await createTestUser(platform, Role.SuperAdmin);
    const { companyId, userId: adminId } = await createTestCompany();
    const { userId: techId } = await createTestUser(companyId, Role.FieldTech);
    const superCookie = await sessionCookie(superId);
    // not for anyone but the super admin
    const adminCookie = await sessionCookie(adminId);
    expect((await shadowLogInAs(adminCookie, techId)).status).toBe(403);
    expect((await shadowLogInAs(superCookie, "999999")).status).toBe(404);
    const shadow = await shadowLogInAs(superCookie, techId);
    expect(shadow.status).toBe(200);
    expect(await shadow.json()).toMatchObject({ id: techId, isShadowLogIn: true, company: { id: companyId } });
    const shadowCookie = cookieOf(shadow);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, techId));
    expect(row.impersonatorUserId).toBe(superId);
    const me = await call(currentLoader, makeRequest("/api/users/current", { cookie: shadowCookie }));
    expect(await me.json()).toMatchObject({ id: techId, isShadowLogIn: true });
    const back = await call(
      shadowLogOutAction,
      makeRequest("/api/users/shadow-log-out", { method: "POST", cookie: shadowCookie }),
    );
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ id: superId, isShadowLogIn: false });
    expect(await db.select().from(sessions).where(eq(sessions.userId, techId))).toHaveLength(0);
    // the super admin's own session was kept: the first cookie still works
    expect((await call(currentLoader, makeRequest("/api/users/current", { cookie: superCookie }))).status).toBe(200);
    const notShadowing = await call(
      shadowLogOutAction,
      makeRequest("/api/users/shadow-log-out", { method: "POST", cookie: cookieOf(back) }),
    );
    expect(notShadowing.status).toBe(400);
  });
});

describe("trial subscription", () => {
  it("is stored as a trial of the top plan", async () => {
    const { companyId } = await createTestCompany();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
    expect(sub.status).toBe(0);
  });
});
