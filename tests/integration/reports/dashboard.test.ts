import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { bookingRequests, companies, customers, estimates, invoicePayments, invoices, jobs } from "~/db/schema";
import { Role } from "~/access/roles";
import { dashboardFigures, monthStarts } from "~/models/reports/dashboard.server";
import { loader } from "~/routes/_app+/dashboard";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { callRoute } from "../route-call";

useTestDatabase();

const ZONE = "America/Los_Angeles";
/**
 * Tuesday 3 November 2026, 10:30 pm in Los Angeles (Pacific standard time since Sunday 1 November's
 * change) but already Wednesday 4 November in UTC: every "today" below is the company's.
 */
const NOW = new Date("2026-11-04T06:30:00Z");

/** The same records for any company: the figures of one must never include the other's. */
async function seedCompany(companyId: number) {
  await db.update(companies).set({ timezone: ZONE }).where(eq(companies.id, companyId));
  const [customer] = await db.insert(customers).values({ companyId, firstName: "Ada", lastName: "Lopez" }).returning();
  let token = 0;
  const job = (status: number, start: string | null) => ({
    companyId,
    customerId: customer.id,
    name: `Job ${token}`,
    status,
    timezone: ZONE,
    publicToken: `j-${companyId}-${token++}`,
    startTime: start ? new Date(start) : null,
    endTime: start ? new Date(new Date(start).getTime() + 3_600_000) : null,
  });
  await db.insert(jobs).values([
    job(0, null), // unscheduled: no visit
    job(1, "2026-10-25T18:00:00Z"), // last week
    job(4, "2026-11-01T06:59:00Z"), // Saturday 31 October, 11:59 pm (daylight time): last week
    job(4, "2026-11-01T07:30:00Z"), // Sunday 1 November, 12:30 am: this week
    job(1, "2026-11-03T07:30:00Z"), // Monday 2 November, 11:30 pm
    job(1, "2026-11-03T08:30:00Z"), // Tuesday (today), 12:30 am
    job(3, "2026-11-04T07:59:00Z"), // today, 11:59 pm
    job(6, "2026-11-03T20:00:00Z"), // today, cancelled: not a visit
    job(1, "2026-11-04T08:00:00Z"), // Wednesday, midnight
    job(7, "2026-11-08T07:30:00Z"), // Saturday 7 November, 11:30 pm
    job(1, "2026-11-08T08:00:00Z"), // Sunday 8 November: next week
  ]);

  const estimate = (number: number, status: number, start: string | null) => ({
    companyId,
    customerId: customer.id,
    number,
    status,
    timezone: ZONE,
    publicToken: `e-${companyId}-${number}`,
    startTime: start ? new Date(start) : null,
    endTime: start ? new Date(new Date(start).getTime() + 1_800_000) : null,
  });
  await db.insert(estimates).values([
    estimate(1, 0, "2026-11-03T17:00:00Z"), // today's estimate visit
    estimate(2, 6, "2026-11-03T18:00:00Z"), // cancelled
    estimate(3, 4, null), // sent, no answer
    estimate(4, 4, "2026-10-20T17:00:00Z"), // sent, no answer (its visit was last month)
    estimate(5, 5, null), // approved
    estimate(6, 9, null), // declined
  ]);

  const invoice = (number: number, status: number, totalCents: number, paidCents: number, dueDate: string) => ({
    companyId,
    customerId: customer.id,
    number,
    status,
    issueDate: "2026-10-01",
    dueDate,
    totalCents,
    paidCents,
    publicToken: `i-${companyId}-${number}`,
  });
  const rows = await db
    .insert(invoices)
    .values([
      invoice(1, 0, 10_000, 0, "2026-10-01"), // not sent, past its due date: unpaid, not overdue
      invoice(2, 1, 25_050, 5_050, "2026-11-02"), // sent, due yesterday: overdue 200.00
      invoice(3, 1, 30_000, 0, "2026-11-03"), // sent, due today (UTC's yesterday): not overdue
      invoice(4, 1, 2_000_000_000, 0, "2026-12-01"), // sums past 2^31 cents
      invoice(5, 1, 2_000_000_000, 1_000, "2026-12-01"),
      invoice(6, 2, 7_500, 7_500, "2026-10-15"), // paid
      invoice(7, 5, 9_900, 0, "2026-09-01"), // uncollectible
    ])
    .returning({ id: invoices.id });
  const payment = (key: string, amountCents: number, paidAt: string, status = 0, method = 0) => ({
    companyId,
    invoiceId: rows[1].id,
    method,
    status,
    amountCents,
    idempotencyKey: key,
    paidAt: new Date(paidAt),
  });
  await db.insert(invoicePayments).values([
    payment("sep", 4_000, "2026-09-30T20:00:00Z"), // September: neither month
    payment("oct-8", 1_000, "2026-10-08T20:00:00Z", 0, 1), // October, days 8-14
    payment("oct-31", 5_050, "2026-11-01T03:00:00Z"), // 8 pm on 31 October in Los Angeles: days 29+
    payment("nov-1", 20_000, "2026-11-01T08:00:00Z", 0, 2), // 1 am on 1 November: days 1-7
    payment("nov-auto", 7_500, "2026-11-04T07:00:00Z", 1, 2), // autopaid, 11 pm today
    payment("pending", 3_000, "2026-11-02T20:00:00Z", 2, 2), // pending: not received
    payment("failed", 3_000, "2026-11-02T20:00:00Z", 5, 2), // failed: not received
  ]);

  const request = (key: string, status: number, isPast: boolean) => ({
    companyId,
    status,
    isPast,
    startTime: new Date("2026-11-10T17:00:00Z"),
    endTime: new Date("2026-11-10T18:00:00Z"),
    timezone: ZONE,
    firstName: "Bo",
    location: "1 Main St",
    submissionKey: key,
  });
  await db.insert(bookingRequests).values([request("a", 0, false), request("b", 0, true), request("c", 1, false)]);
}

describe("dashboard figures", () => {
  it("agree with hand-computed sums, in the company's time zone, and leave other companies out", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    await seedCompany(company.companyId);
    await seedCompany(other.companyId);
    const ctx = { companyId: company.companyId, userId: company.userId, role: Role.CompanyAdmin };

    const figures = await dashboardFigures(ctx, ZONE, NOW);

    expect(figures.today).toBe("2026-11-03");
    expect(figures.week).toEqual([
      { date: "2026-11-01", count: 1 },
      { date: "2026-11-02", count: 1 },
      { date: "2026-11-03", count: 3 },
      { date: "2026-11-04", count: 1 },
      { date: "2026-11-05", count: 0 },
      { date: "2026-11-06", count: 0 },
      { date: "2026-11-07", count: 1 },
    ]);
    expect(figures.visitsToday).toBe(3);
    expect(figures.visitsThisWeek).toBe(7);
    expect(figures.jobsByStatus).toEqual([
      { status: 0, label: "Unscheduled", count: 1 },
      { status: 1, label: "Scheduled", count: 5 },
      { status: 2, label: "On my way", count: 0 },
      { status: 3, label: "Started", count: 1 },
      { status: 4, label: "Finished", count: 2 },
      { status: 5, label: "Paid", count: 0 },
      { status: 6, label: "Cancelled", count: 1 },
      { status: 7, label: "Prescheduled", count: 1 },
    ]);
    expect(figures.revenue).toEqual({
      monthStart: "2026-11-01",
      previousMonthStart: "2026-10-01",
      thisMonthCents: 27_500,
      previousMonthCents: 6_050,
      thisMonthBuckets: [27_500, 0, 0, 0, 0],
      previousMonthBuckets: [0, 1_000, 0, 0, 5_050],
      bucketLabels: ["1–7", "8–14", "15–21", "22–28", "29+"],
    });
    expect(figures.unpaid).toEqual({
      count: 5,
      balanceCents: 10_000 + 20_000 + 30_000 + 2_000_000_000 + 1_999_999_000,
      notSent: { count: 1, balanceCents: 10_000 },
      sent: { count: 4, balanceCents: 20_000 + 30_000 + 2_000_000_000 + 1_999_999_000 },
    });
    expect(figures.overdue).toEqual({ count: 1, balanceCents: 20_000 });
    expect(figures.estimatesAwaitingAnswer).toBe(2);
    expect(figures.newBookingRequests).toBe(1);
  });

  it("moves with the rows: a payment recorded, an invoice sent past its due date, a job cancelled", async () => {
    const company = await createTestCompany();
    await seedCompany(company.companyId);
    const ctx = { companyId: company.companyId, userId: company.userId, role: Role.CompanyAdmin };
    await db
      .update(invoices)
      .set({ status: 1 })
      .where(and(eq(invoices.companyId, company.companyId), eq(invoices.number, 1)));
    await db
      .update(jobs)
      .set({ status: 6 })
      .where(and(eq(jobs.companyId, company.companyId), eq(jobs.name, "Job 5")));
    const [first] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, company.companyId), eq(invoices.number, 1)));
    await db.insert(invoicePayments).values({
      companyId: company.companyId,
      invoiceId: first.id,
      method: 3,
      amountCents: 123,
      idempotencyKey: "later",
      paidAt: new Date("2026-11-25T20:00:00Z"),
    });

    const figures = await dashboardFigures(ctx, ZONE, NOW);
    expect(figures.overdue).toEqual({ count: 2, balanceCents: 30_000 });
    expect(figures.unpaid.notSent).toEqual({ count: 0, balanceCents: 0 });
    expect(figures.visitsToday).toBe(2);
    expect(figures.revenue.thisMonthBuckets).toEqual([27_500, 0, 0, 123, 0]);
  });

  it("takes the month edges in the company's zone: January looks back at December", async () => {
    expect(monthStarts("2027-01-15")).toEqual({
      monthStart: "2027-01-01",
      previousMonthStart: "2026-12-01",
      nextMonthStart: "2027-02-01",
    });
    expect(monthStarts("2026-12-31")).toEqual({
      monthStart: "2026-12-01",
      previousMonthStart: "2026-11-01",
      nextMonthStart: "2027-01-01",
    });
    const company = await createTestCompany();
    await seedCompany(company.companyId);
    const ctx = { companyId: company.companyId, userId: company.userId, role: Role.CompanyAdmin };
    // 31 October, 11:30 pm in Los Angeles: still October there, already November in UTC.
    const figures = await dashboardFigures(ctx, ZONE, new Date("2026-11-01T06:30:00Z"));
    expect(figures.today).toBe("2026-10-31");
    expect(figures.revenue.thisMonthCents).toBe(6_050);
    expect(figures.revenue.previousMonthCents).toBe(4_000);
    expect(figures.week[0].date).toBe("2026-10-25");
  });

  it("is open to office staff and the company admin, not to a field tech", async () => {
    const company = await createTestCompany();
    const staff = await createTestUser(company.companyId, Role.OfficeStaff);
    const tech = await createTestUser(company.companyId, Role.FieldTech);
    const asStaff = await callRoute(loader, "/dashboard", { headers: { Cookie: await sessionCookie(staff.userId) } });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.figures.jobsByStatus).toHaveLength(8);
    const asAdmin = await callRoute(loader, "/dashboard", {
      headers: { Cookie: await sessionCookie(company.userId) },
    });
    expect(asAdmin.status).toBe(200);
    const asTech = await callRoute(loader, "/dashboard", { headers: { Cookie: await sessionCookie(tech.userId) } });
    expect(asTech.status).not.toBe(200);
  });
});
