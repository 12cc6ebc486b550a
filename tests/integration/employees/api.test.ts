import { mkdtempSync } from "node:fs";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { sessions, subscriptions, tags, users } from "~/db/schema";
import { verifyCredentials } from "~/models/accounts/accounts.server";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { action as employeeAction, loader as employeeLoader } from "~/routes/api+/employees+/$id";
import { action as employeesAction, loader as employeesLoader } from "~/routes/api+/employees+/_layout";
import { loader as canCreateLoader } from "~/routes/api+/employees+/canCreate";
import { action as checkPhoneAction } from "~/routes/api+/employees+/check-phone-number";
import { loader as pageLoader } from "~/routes/api+/employees+/page";
import { loader as searchLoader } from "~/routes/api+/employees+/search";
import { loader as exportLoader } from "~/routes/api+/users+/exportUsers";
import { uploadsRoot } from "~/services/storage.server";
import { createTestCompany, createTestUser, makeRequest, sessionCookie, TEST_PASSWORD } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { signedInAdmin, staffCookies } from "../sign-ins";
import { args, callRoute } from "./helpers";

process.env.UPLOADS_DIR = mkdtempSync(path.join(tmpdir(), "employees-uploads-"));

useTestDatabase();

let counter = 0;
const newEmployee = (extra: Record<string, unknown> = {}) => ({
  email: `tech${++counter}-${Date.now()}@example.com`,
  password: "Secret123!",
  firstName: "Tina",
  lastName: `Tech${counter}`,
  role: Role.FieldTech,
  ...extra,
});

async function setPlan(companyId: number, priceId: string) {
  await db
    .update(subscriptions)
    .set({ planId: await planIdByPriceId(db, priceId) })
    .where(eq(subscriptions.companyId, companyId));
}

const post = (cookie: string, json: unknown) =>
  callRoute(employeesAction, "/api/employees", { method: "POST", cookie, json });

describe("employees API", () => {
  it("creates, reads, pages, searches, updates and deletes employees of the caller's company", async () => {
    const { companyId, userId, cookie } = await signedInAdmin();
    const [tag] = await db
      .insert(tags)
      .values({ companyId, name: "HVAC", type: TagType.Employee })
      .returning({ id: tags.id });

    const created = await post(
      cookie,
      newEmployee({
        firstName: "Zoe",
        lastName: "Zimmer",
        mainPhoneNumber: "(704) 555-0199",
        color: "#3ac09d",
        tags: [tag.id],
      }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const one = await callRoute(employeeLoader, `/api/employees/${id}`, { cookie }, { id: String(id) });
    expect(one.body).toMatchObject({
      firstName: "Zoe",
      lastName: "Zimmer",
      mainPhoneNumber: "+17045550199",
      color: "#3AC09D",
      role: Role.FieldTech,
      tags: [{ id: tag.id, label: "HVAC" }],
    });

    const list = await callRoute(employeesLoader, "/api/employees", { cookie });
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([userId, id]));

    const page = await callRoute(
      pageLoader,
      "/api/employees/page?pageNumber=1&pageSize=1&sortSettings[0].fieldName=name&sortSettings[0].descending=true",
      { cookie },
    );
    expect(page.body).toMatchObject({ total: 2, pageNumber: 1, pageSize: 1 });
    expect(page.body.items[0].lastName).toBe("Zimmer");

    const searched = await callRoute(pageLoader, "/api/employees/page?searchQuery=zimm", { cookie });
    expect(searched.body.items.map((e: { id: number }) => e.id)).toEqual([id]);
    const byPhone = await callRoute(searchLoader, "/api/employees/search?searchQuery=5550199", { cookie });
    expect(byPhone.body.data.map((e: { id: number }) => e.id)).toEqual([id]);

    const updated = await callRoute(
      employeeAction,
      `/api/employees/${id}`,
      {
        method: "PUT",
        cookie,
        json: { email: "zoe@example.com", firstName: "Zoe", lastName: "Zed", role: Role.OfficeStaff, tags: [] },
      },
      { id: String(id) },
    );
    expect(updated.status).toBe(200);
    const after = await callRoute(employeeLoader, `/api/employees/${id}`, { cookie }, { id: String(id) });
    // color is sent only if chosen: leaving it out keeps it
    expect(after.body).toMatchObject({
      email: "zoe@example.com",
      lastName: "Zed",
      role: Role.OfficeStaff,
      color: "#3AC09D",
      tags: [],
      mainPhoneNumber: null,
    });

    const removed = await callRoute(
      employeeAction,
      `/api/employees/${id}`,
      { method: "DELETE", cookie },
      { id: String(id) },
    );
    expect(removed.status).toBe(200);
    const gone = await callRoute(employeeLoader, `/api/employees/${id}`, { cookie }, { id: String(id) });
    expect(gone.status).toBe(404);
    // the row stays for history
    const [row] = await db
      .select({ deletedAt: users.deletedAt, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.firstName).toBe("Zoe");
  });

  it("answers the spec's validation messages", async () => {
    const { cookie } = await signedInAdmin();
    const bad = await post(cookie, {
      email: "nope",
      firstName: "A",
      role: Role.SuperAdmin,
      password: "short",
      mainPhoneNumber: "123",
      color: "#123456",
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        errors: {
          email: "Incorrect email format",
          firstName: "First Name is too short - should be 2 chars minimum",
          lastName: "Last Name is required",
          role: "Role must be Field Tech, Office Staff or Company Admin",
          password: "Password is too short - should be 8 chars minimum",
          mainPhoneNumber: "Phone number must be valid",
          color: "Color must be one of the palette colors",
        },
      },
    });
  });

  it("refuses duplicate emails across the product and duplicate phones within the company", async () => {
    const { companyId, userId } = await createTestCompany();
    const other = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const first = await post(
      cookie,
      newEmployee({ firstName: "Pat", lastName: "Phone", mainPhoneNumber: "+17045550111" }),
    );
    expect(first.status).toBe(201);

    const check = await callRoute(checkPhoneAction, "/api/employees/check-phone-number", {
      method: "POST",
      cookie,
      json: { phoneNumber: "704-555-0111" },
    });
    expect(check.body).toEqual({ isTaken: true, takenBy: "Pat Phone" });
    const self = await callRoute(checkPhoneAction, "/api/employees/check-phone-number", {
      method: "POST",
      cookie,
      json: { phoneNumber: "704-555-0111", employeeId: first.body.id },
    });
    expect(self.body).toEqual({ isTaken: false, takenBy: null });

    const dupPhone = await post(cookie, newEmployee({ mainPhoneNumber: "7045550111" }));
    expect(dupPhone.body.errors).toEqual({ mainPhoneNumber: "Primary Phone already taken by Pat Phone" });

    const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const dupEmail = await post(cookie, newEmployee({ email: admin.email.toUpperCase() }));
    expect(dupEmail.body.errors).toEqual({ email: "Email already taken by Ada Admin" });
    // another company's address is refused without naming its holder
    const foreign = await post(cookie, newEmployee({ email: other.email }));
    expect(foreign.body.errors).toEqual({ email: "This email is already used by another account" });
    // the same phone in another company is fine
    const otherCookie = await sessionCookie(other.userId);
    expect((await post(otherCookie, newEmployee({ mainPhoneNumber: "+17045550111" }))).status).toBe(201);
    expect(companyId).not.toBe(other.companyId);
  });

  it("enforces the plan's employee limit on the server", async () => {
    const { companyId, cookie } = await signedInAdmin();
    await setPlan(companyId, "price_growth_monthly"); // 10 employees
    for (let i = 0; i < 8; i++) await createTestUser(companyId, Role.FieldTech);
    // a deleted employee frees a seat
    await createTestUser(companyId, Role.FieldTech, { deletedAt: new Date() });

    let can = await callRoute(canCreateLoader, "/api/employees/canCreate", { cookie });
    expect(can.body).toEqual({ canCreate: true, employeeCount: 9, employeeLimit: 10, message: null });
    const [a, b] = await Promise.all([post(cookie, newEmployee()), post(cookie, newEmployee())]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body).toEqual({
      message:
        "Your plan allows 10 employees. Delete an employee or upgrade your plan on the Billing page to add more.",
    });

    can = await callRoute(canCreateLoader, "/api/employees/canCreate", { cookie });
    expect(can.body).toMatchObject({ canCreate: false, employeeCount: 10 });
  });

  it("keeps companies apart: another company's employee answers 404", async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const { userId: theirTech } = await createTestUser(theirs.companyId, Role.FieldTech);
    const cookie = await sessionCookie(mine.userId);
    const params = { id: String(theirTech) };
    const get = await callRoute(employeeLoader, `/api/employees/${theirTech}`, { cookie }, params);
    expect(get.status).toBe(404);
    expect(get.body.exceptionType).toBe("not_found");
    const put = await callRoute(
      employeeAction,
      `/api/employees/${theirTech}`,
      { method: "PUT", cookie, json: newEmployee() },
      params,
    );
    expect(put.status).toBe(404);
    const del = await callRoute(employeeAction, `/api/employees/${theirTech}`, { method: "DELETE", cookie }, params);
    expect(del.status).toBe(404);
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, theirTech));
    expect(row.deletedAt).toBeNull();
    const list = await callRoute(employeesLoader, "/api/employees", { cookie });
    expect(list.body.data.map((e: { id: number }) => e.id)).not.toContain(theirTech);
  });

  it("is for manager-level roles only", async () => {
    const { companyId } = await createTestCompany();
    for (const cookie of await staffCookies(companyId)) {
      expect((await callRoute(employeesLoader, "/api/employees", { cookie })).status).toBe(403);
      expect((await post(cookie, newEmployee())).status).toBe(403);
      expect((await callRoute(exportLoader, "/api/users/exportUsers", { cookie })).status).toBe(403);
    }
    expect((await callRoute(employeesLoader, "/api/employees")).status).toBe(401);
  });

  it("protects the admin's own role and account, and ends sessions on role change and deletion", async () => {
    const { companyId, userId, email, cookie } = await signedInAdmin();
    const demote = await callRoute(
      employeeAction,
      `/api/employees/${userId}`,
      {
        method: "PUT",
        cookie,
        json: { email, firstName: "Ada", lastName: "Admin", role: Role.FieldTech },
      },
      { id: String(userId) },
    );
    expect(demote.body).toEqual({ errors: { role: "You cannot change your own role" } });
    const selfDelete = await callRoute(
      employeeAction,
      `/api/employees/${userId}`,
      { method: "DELETE", cookie },
      { id: String(userId) },
    );
    expect(selfDelete.body).toEqual({ message: "You cannot delete your own account" });

    const { userId: staffId, email: staffEmail } = await createTestUser(companyId, Role.OfficeStaff);
    const staffCookie = await sessionCookie(staffId);
    await callRoute(
      employeeAction,
      `/api/employees/${staffId}`,
      {
        method: "PUT",
        cookie,
        json: { email: staffEmail, firstName: "Sam", lastName: "Staff", role: Role.CompanyAdmin },
      },
      { id: String(staffId) },
    );
    expect(await db.select().from(sessions).where(eq(sessions.userId, staffId))).toHaveLength(0);
    expect((await callRoute(employeesLoader, "/api/employees", { cookie: staffCookie })).status).toBe(401);

    const { userId: techId, email: techEmail } = await createTestUser(companyId, Role.FieldTech);
    const techCookie = await sessionCookie(techId);
    expect(await verifyCredentials(techEmail, TEST_PASSWORD)).not.toBeNull();
    await callRoute(employeeAction, `/api/employees/${techId}`, { method: "DELETE", cookie }, { id: String(techId) });
    expect(await verifyCredentials(techEmail, TEST_PASSWORD)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, techCookie))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, techId))).toHaveLength(0);
    // the address can be used again for a new employee
    expect((await post(cookie, newEmployee({ email: techEmail }))).status).toBe(201);
  });

  it("stores a photo sent as multipart as a 400x400 PNG", async () => {
    const { cookie } = await signedInAdmin();
    const jpeg = await solidImage(800, 600, "jpeg", "#3AC09D");
    const form = new FormData();
    for (const [key, value] of Object.entries(newEmployee({ tags: undefined })))
      if (value !== undefined) form.append(key, String(value));
    form.append("logo", new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" }));
    const created = await callRoute(employeesAction, "/api/employees", { method: "POST", cookie, body: form });
    expect(created.status).toBe(201);
    const [row] = await db.select({ logoUrl: users.logoUrl }).from(users).where(eq(users.id, created.body.id));
    expect(row.logoUrl).toMatch(/^\/files\/\d+\/employees\/.+\.png$/);
    const stored = path.join(uploadsRoot(), row.logoUrl!.replace("/files/", ""));
    expect(existsSync(stored)).toBe(true);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 400, height: 400 });

    const text = new FormData();
    for (const [key, value] of Object.entries(newEmployee({ tags: undefined })))
      if (value !== undefined) text.append(key, String(value));
    text.append("logo", new File(["not an image"], "me.png", { type: "image/png" }));
    const refused = await callRoute(employeesAction, "/api/employees", { method: "POST", cookie, body: text });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.logo).toBe("Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.");
  });

  it("exports the company's users as CSV", async () => {
    const { companyId, cookie } = await signedInAdmin();
    await createTestUser(companyId, Role.FieldTech, {
      firstName: "Csv",
      lastName: "Person",
      email: `csv-${Date.now()}@example.com`,
    });
    const res = await exportLoader(args(makeRequest("/api/users/exportUsers", { cookie })));
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const text = await res.text();
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("Id,First Name,Last Name,Email,Phone,Role,Color,Tags,Created");
    expect(lines).toHaveLength(3);
    expect(text).toContain("Csv,Person");
    expect(text).toContain("Field Tech");
  });
});
