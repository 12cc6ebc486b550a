import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { subscriptions, users } from "~/db/schema";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { Role } from "~/access/roles";
import { action as editAction, loader as editLoader } from "~/routes/_app+/employees+/$id";
import { loader as listLoader } from "~/routes/_app+/employees+/_layout";
import { action as newAction, loader as newLoader } from "~/routes/_app+/employees+/new";
import { createTestCompany, createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { signedInAdmin, staffCookies } from "../sign-ins";
import { args, callRoute } from "./helpers";

useTestDatabase();

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
};

describe("employee screens", () => {
  it("lists with search, sort and paging from the URL", async () => {
    const { companyId, cookie } = await signedInAdmin();
    for (const lastName of ["Baker", "Carter", "Diaz"]) await createTestUser(companyId, Role.FieldTech, { lastName });
    const page = await callRoute(listLoader, "/employees?sort=name&order=desc&pageSize=10&page=1", { cookie });
    expect(page.status).toBe(200);
    expect(page.body.items.map((e: { lastName: string }) => e.lastName)).toEqual(["Diaz", "Carter", "Baker", "Admin"]);
    const searched = await callRoute(listLoader, "/employees?q=cart", { cookie });
    expect(searched.body.items.map((e: { lastName: string }) => e.lastName)).toEqual(["Carter"]);
    expect(searched.body.limit).toMatchObject({ employeeCount: 4, employeeLimit: 50, canCreate: true });
  });

  it("creates an employee from a plain form post and keeps values on errors (never the password)", async () => {
    const { cookie } = await signedInAdmin();
    const bad = await callRoute(newAction, "/employees/new", {
      method: "POST",
      cookie,
      body: form({ firstName: "Al", lastName: "", email: "al@", password: "secret-one", role: "0" }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors).toMatchObject({ lastName: "Last Name is required", email: "Incorrect email format" });
    expect(bad.body.repopulateFields).toMatchObject({ firstName: "Al", email: "al@" });
    expect(JSON.stringify(bad.body)).not.toContain("secret-one");
    // returned, not thrown: a thrown response would show the error screen instead of the form
    const returned = await newAction(
      args(makeRequest("/employees/new", { method: "POST", cookie, body: form({ firstName: "Al" }) })),
    );
    expect(returned.status).toBe(422);

    const email = `new-${Date.now()}@example.com`;
    const ok = await callRoute(newAction, "/employees/new?q=x", {
      method: "POST",
      cookie,
      body: form({
        firstName: "Alma",
        lastName: "Nova",
        email,
        password: "Secret123!",
        role: "1",
        color: "#8E44AD",
      }),
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/employees?q=x");
    expect(ok.headers.get("Set-Cookie")).toContain("__toast");
    const [row] = await db.select({ role: users.role, color: users.color }).from(users).where(eq(users.email, email));
    expect(row).toEqual({ role: Role.OfficeStaff, color: "#8E44AD" });

    const dup = await callRoute(newAction, "/employees/new", {
      method: "POST",
      cookie,
      body: form({ firstName: "Alma", lastName: "Nova", email, password: "Secret123!", role: "1" }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.fieldErrors).toEqual({ email: "Email already taken by Alma Nova" });
  });

  it("refuses a new employee past the plan's limit with a clear message", async () => {
    const { companyId, userId } = await createTestCompany();
    await db
      .update(subscriptions)
      .set({ planId: await planIdByPriceId(db, "price_starter_monthly") })
      .where(eq(subscriptions.companyId, companyId));
    const cookie = await sessionCookie(userId);
    const screen = await callRoute(newLoader, "/employees/new", { cookie });
    expect(screen.body.limit).toMatchObject({
      canCreate: false,
      message: "Your plan allows 1 employee. Delete an employee or upgrade your plan on the Billing page to add more.",
    });
    const post = await callRoute(newAction, "/employees/new", {
      method: "POST",
      cookie,
      body: form({
        firstName: "Over",
        lastName: "Limit",
        email: `over-${Date.now()}@example.com`,
        password: "Secret123!",
        role: "0",
      }),
    });
    expect(post.status).toBe(422);
    expect(post.body.fieldErrors._global).toBe(
      "Your plan allows 1 employee. Delete an employee or upgrade your plan on the Billing page to add more.",
    );
  });

  it("edits and deletes with confirmation; another company's employee is 404", async () => {
    const { companyId, userId } = await createTestCompany();
    const other = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const { userId: techId, email } = await createTestUser(companyId, Role.FieldTech, {
      firstName: "Tom",
      lastName: "Tech",
    });
    const { userId: foreignId } = await createTestUser(other.companyId, Role.FieldTech);

    const screen = await callRoute(editLoader, `/employees/${techId}`, { cookie }, { id: String(techId) });
    expect(screen.body.employee).toMatchObject({ id: techId, firstName: "Tom" });
    const self = await callRoute(editLoader, `/employees/${userId}`, { cookie }, { id: String(userId) });
    expect(self.body.fixedRole).toEqual({ value: Role.CompanyAdmin, reason: "You cannot change your own role." });

    const edit = (id: number, fields: Record<string, string>, query = "") =>
      callRoute(
        editAction,
        `/employees/${id}${query}`,
        { method: "POST", cookie, body: form(fields) },
        { id: String(id) },
      );
    const saved = await edit(techId, { firstName: "Tom", lastName: "Tinker", email, role: "0" }, "?page=2");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/employees?page=2");

    const list = await callRoute(listLoader, `/employees?delete=${techId}`, { cookie });
    expect(list.body.toDelete).toEqual({ id: techId, name: "Tom Tinker" });
    const removed = await edit(techId, { intent: "delete" });
    expect(removed.status).toBe(302);
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, techId));
    expect(row.deletedAt).not.toBeNull();

    const unknown = await edit(userId, { intent: "explode" });
    expect(unknown.status).toBe(400);

    expect((await callRoute(editLoader, `/employees/${foreignId}`, { cookie }, { id: String(foreignId) })).status).toBe(
      404,
    );
    expect(
      (
        await callRoute(
          editAction,
          `/employees/${foreignId}`,
          { method: "POST", cookie, body: form({ intent: "delete" }) },
          {
            id: String(foreignId),
          },
        )
      ).status,
    ).toBe(404);
    const [foreign] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, foreignId));
    expect(foreign.deletedAt).toBeNull();
  });

  it("is closed to office staff and field techs (403)", async () => {
    const { companyId } = await createTestCompany();
    for (const cookie of await staffCookies(companyId)) {
      expect((await callRoute(listLoader, "/employees", { cookie })).status).toBe(403);
      expect((await callRoute(newAction, "/employees/new", { method: "POST", cookie, body: form({}) })).status).toBe(
        403,
      );
    }
  });
});

describe("seedEmployees", () => {
  it("adds employees with palette colours, bypassing the plan limit", async () => {
    const { seedEmployees } = await import("~/server/seeds/employees-seed.server");
    const { companyId } = await createTestCompany();
    const ids = await seedEmployees(companyId, 30);
    expect(ids).toHaveLength(30);
    const rows = await db
      .select({ color: users.color, email: users.email })
      .from(users)
      .where(eq(users.companyId, companyId));
    expect(rows).toHaveLength(31);
    expect(new Set(rows.map((r) => r.color)).size).toBe(12);
    expect(new Set(rows.map((r) => r.email)).size).toBe(31);
  });
});
