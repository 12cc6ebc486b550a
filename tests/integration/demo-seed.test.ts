import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import {
  assignedChecklists,
  companyChecklists,
  customers,
  expenses,
  jobs,
  priceListItems,
  templates,
  users,
} from "~/db/schema";
import { DEMO_LOGINS, demoPasswords, seedDemoCompany } from "~/server/seeds/demo-seed.server";
import { verifyPassword } from "~/models/accounts/passwords.server";
import { homePathFor } from "~/access/roles";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("demo seed", () => {
  it("seeds one login per role and realistic data into an empty database, once", async () => {
    const seeded = await seedDemoCompany();
    expect(seeded?.source).toBe("published");
    const homes = [];
    for (const login of DEMO_LOGINS) {
      const [user] = await db.select().from(users).where(eq(users.email, login.email));
      expect(await verifyPassword("demo1234", user.passwordHash)).toBe(true);
      homes.push(homePathFor(user.role));
    }
    expect(homes).toEqual(["/admin-panel", "/dashboard", "/dashboard", "/schedule"]);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS[1].email));
    const count = async (
      table:
        | typeof customers
        | typeof jobs
        | typeof priceListItems
        | typeof companyChecklists
        | typeof assignedChecklists
        | typeof templates
        | typeof expenses,
    ) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.companyId, admin.companyId))
      )[0].n;
    expect(await count(customers)).toBe(60);
    expect(await count(jobs)).toBe(400);
    expect(await count(priceListItems)).toBeGreaterThan(10);
    // Forms (one assigned to the next visit), a job and an estimate template, expenses.
    expect(await count(companyChecklists)).toBe(2);
    expect(await count(assignedChecklists)).toBe(2);
    expect(await count(templates)).toBe(2);
    expect(await count(expenses)).toBe(5);
    // Four months of invoices for the dashboard and reports: paid, sent and overdue, not sent; no
    // time in the future, and the paid ones paid in full by their payments.
    const [invoiceFigures] = (
      (await db.execute(sql`
        select count(*)::int as "all",
          count(*) filter (where status = 2)::int as paid,
          count(*) filter (where status = 1 and due_date < current_date)::int as overdue,
          count(*) filter (where status = 0)::int as "notSent",
          count(*) filter (where created_at > now() or paid_at > now())::int as future,
          count(*) filter (where status = 2 and paid_cents <> total_cents)::int as "paidWrong",
          (select count(*)::int from invoice_payments p where p.company_id = ${admin.companyId}) as payments,
          (select count(*)::int from invoice_timeline_events e where e.company_id = ${admin.companyId} and e.at > now() - interval '1 hour') as "eventsNow"
        from invoices where company_id = ${admin.companyId}`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    expect(invoiceFigures.all).toBeGreaterThan(80);
    expect(invoiceFigures.paid).toBeGreaterThan(40);
    expect(invoiceFigures.overdue).toBeGreaterThan(5);
    expect(invoiceFigures.notSent).toBeGreaterThan(0);
    expect(invoiceFigures.payments).toBeGreaterThan(invoiceFigures.paid);
    expect({
      future: invoiceFigures.future,
      paidWrong: invoiceFigures.paidWrong,
      eventsNow: invoiceFigures.eventsNow,
    }).toEqual({
      future: 0,
      paidWrong: 0,
      eventsNow: 0,
    });
    expect(await seedDemoCompany()).toBeNull();
  });
});

describe("demo passwords", () => {
  it("are the published one in development, DEMO_PASSWORD when given, and random per login in production", () => {
    expect(demoPasswords({ NODE_ENV: "development", DEMO_PASSWORD: undefined })).toEqual({
      source: "published",
      logins: ["demo1234", "demo1234", "demo1234", "demo1234"],
      others: "demo1234",
    });
    expect(demoPasswords({ NODE_ENV: "production", DEMO_PASSWORD: "operator-chosen-1" })).toEqual({
      source: "environment",
      logins: ["operator-chosen-1", "operator-chosen-1", "operator-chosen-1", "operator-chosen-1"],
      others: "operator-chosen-1",
    });
    const production = demoPasswords({ NODE_ENV: "production", DEMO_PASSWORD: undefined });
    expect(production.source).toBe("random");
    expect(new Set([...production.logins, production.others]).size).toBe(5);
    for (const password of [...production.logins, production.others]) {
      expect(password).not.toBe("demo1234");
      expect(password.length).toBeGreaterThanOrEqual(16);
    }
    expect(demoPasswords({ NODE_ENV: "production", DEMO_PASSWORD: undefined }).logins).not.toEqual(production.logins);
  });
});
