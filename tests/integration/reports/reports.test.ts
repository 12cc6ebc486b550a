import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  companies,
  customers,
  estimateTimelineEvents,
  estimates,
  invoiceLineItems,
  invoicePayments,
  invoices,
  jobEmployees,
  jobTimelineEvents,
  jobs,
  leadSources,
  priceListCategories,
  priceListItems,
  tags,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import { reportOverview, salesBreakdown, salesByPeriod, salesReportCsv } from "~/models/reports/reports.server";
import { readReportFilters } from "~/models/reports/reports.schema";
import { loader as csvLoader } from "~/routes/_app+/report-sales_.csv";
import { loader as salesLoader } from "~/routes/_app+/report-sales";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, makeRequest, runRoute, sessionCookie } from "../../helpers/factories";

useTestDatabase();

const NOV = { from: "2026-11-01", to: "2026-11-30" };
const TZ = "America/New_York";

/*
 * The world, with its sums worked out by hand (company in New York, November 2026):
 * invoices counted: I1 100.01 (tax 7.41, job of Ann, Ben and Cal), I2 50.00 (Ben's job), I3 25.75
 * (tax 0.75, no job), I7 12.34 (job without employees) = 188.10 in 4 invoices; uncollectible I4 and
 * I5 (31 October) and I6 (1 December) are not. Ann 33.34 + Ben 33.34 + 50.00 + Cal 33.33 +
 * Unassigned 38.09 = 188.10.
 */
let company: { companyId: number; userId: number };
let ctx: CallerContext;
const ids: Record<string, number> = {};

async function world(companyId: number, suffix: string, withEmployees = true, numberBase = 0) {
  await db.update(companies).set({ timezone: TZ }).where(eq(companies.id, companyId));
  const employees = withEmployees
    ? [
        await createTestUser(companyId, Role.FieldTech, { firstName: "Ann", lastName: `Adams${suffix}` }),
        await createTestUser(companyId, Role.FieldTech, { firstName: "Ben", lastName: `Brown${suffix}` }),
        await createTestUser(companyId, Role.FieldTech, { firstName: "Cal", lastName: `Cruz${suffix}` }),
      ]
    : [];
  const [t1, t2] = await db
    .insert(tags)
    .values([
      { companyId, name: `VIP${suffix}`, type: 0 },
      { companyId, name: `Commercial${suffix}`, type: 0 },
    ])
    .returning();
  const [l1, l2] = await db
    .insert(leadSources)
    .values([
      { companyId, name: `Radio spot${suffix}` },
      { companyId, name: `Neighbour flyer${suffix}` },
    ])
    .returning();
  const [c1, c2, c3] = await db
    .insert(customers)
    .values([
      { companyId, firstName: "Uma", tagIds: [t1.id, t2.id], leadSourceIds: [l1.id] },
      { companyId, firstName: "Vic" },
      { companyId, firstName: "Wes", tagIds: [t1.id], leadSourceIds: [l1.id, l2.id] },
    ])
    .returning();
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId, categoryName: `Services${suffix}`, type: 1 })
    .returning();
  const [p1, p2] = await db
    .insert(priceListItems)
    .values([
      { companyId, categoryId: category.id, name: `Tune-up${suffix}`, priceCents: 6000, itemType: 1 },
      { companyId, categoryId: category.id, name: `Filter${suffix}`, priceCents: 1234, itemType: 0 },
    ])
    .returning();
  const [j1, j2, j3, j4] = await db
    .insert(jobs)
    .values(
      [1, 2, 3, 4].map((n) => ({
        companyId,
        customerId: c1.id,
        name: `Job ${n}`,
        timezone: TZ,
        publicToken: `rj${suffix}${n}`,
      })),
    )
    .returning();
  if (withEmployees) {
    await db
      .insert(jobEmployees)
      .values([
        ...employees.map((e) => ({ companyId, jobId: j1.id, userId: e.userId })),
        { companyId, jobId: j2.id, userId: employees[1].userId },
      ]);
  }
  const invoice = (
    number: number,
    customerId: number,
    jobId: number | null,
    issueDate: string,
    status: number,
    subtotalCents: number,
    taxCents: number,
  ) => ({
    companyId,
    number: numberBase + number,
    customerId,
    jobId,
    issueDate,
    dueDate: "2026-12-31",
    status,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    publicToken: `ri${suffix}${number}`,
  });
  const [i1, i2, i3, i4, i5, i6, i7] = await db
    .insert(invoices)
    .values([
      invoice(1, c1.id, j1.id, "2026-11-02", 1, 9260, 741),
      invoice(2, c2.id, j2.id, "2026-11-15", 2, 5000, 0),
      invoice(3, c3.id, null, "2026-11-30", 0, 2500, 75),
      invoice(4, c1.id, null, "2026-11-20", 5, 99_999, 0),
      invoice(5, c2.id, j3.id, "2026-10-31", 1, 7000, 0),
      invoice(6, c2.id, null, "2026-12-01", 1, 8000, 0),
      invoice(7, c3.id, j4.id, "2026-11-10", 1, 1234, 0),
    ])
    .returning();
  const line = (invoiceId: number, name: string, amountCents: number, priceListItemId: number | null = null) => ({
    companyId,
    invoiceId,
    name,
    unitPriceCents: amountCents,
    amountCents,
    priceListItemId,
  });
  await db
    .insert(invoiceLineItems)
    .values([
      line(i1.id, "Tune-up (typed over)", 6000, p1.id),
      line(i1.id, "Duct tape", 3260),
      line(i2.id, `Tune-up${suffix}`, 5000, p1.id),
      line(i3.id, "Service call", 2500),
      line(i4.id, "Service call", 99_999),
      line(i5.id, "Service call", 7000),
      line(i6.id, "Service call", 8000),
      line(i7.id, `Filter${suffix}`, 1234, p2.id),
    ]);
  const payment = (invoiceId: number, key: string, amountCents: number, paidAt: string, status = 0, method = 0) => ({
    companyId,
    invoiceId,
    idempotencyKey: `${key}${suffix}`,
    amountCents,
    paidAt: new Date(paidAt),
    status,
    method,
  });
  await db.insert(invoicePayments).values([
    payment(i2.id, "p1", 5000, "2026-11-15T15:00:00Z"),
    // 23:30 on 30 November in New York: November's.
    payment(i1.id, "p2", 4000, "2026-12-01T04:30:00Z", 0, 2),
    // 23:30 on 31 October in New York: not November's.
    payment(i1.id, "p3", 1000, "2026-11-01T03:30:00Z", 1, 2),
    payment(i1.id, "p4", 2000, "2026-11-10T15:00:00Z", 2, 2),
    payment(i1.id, "p5", 300, "2026-11-10T15:00:00Z", 5, 2),
  ]);
  const finished = (jobId: number, at: string, undone = false) => ({
    companyId,
    jobId,
    type: 4,
    at: new Date(at),
    undoneAt: undone ? new Date(at) : null,
  });
  await db
    .insert(jobTimelineEvents)
    .values([
      finished(j1.id, "2026-11-05T15:00:00Z"),
      finished(j2.id, "2026-11-01T03:30:00Z"),
      finished(j2.id, "2026-11-20T15:00:00Z"),
      finished(j3.id, "2026-11-12T15:00:00Z", true),
      { companyId, jobId: j3.id, type: 3, at: new Date("2026-11-12T14:00:00Z") },
    ]);
  const [e1, e2, e3, e4, e5] = await db
    .insert(estimates)
    .values(
      [
        { status: 5, approval: 1 },
        { status: 4, approval: 0 },
        { status: 8, approval: 1 },
        { status: 5, approval: 1 },
        { status: 7, approval: 0 },
      ].map((row, i) => ({
        ...row,
        companyId,
        customerId: c1.id,
        number: numberBase + i + 1,
        timezone: TZ,
        publicToken: `re${suffix}${i}`,
      })),
    )
    .returning();
  const sent = (estimateId: number, at: string, undone = false) => ({
    companyId,
    estimateId,
    type: 5,
    at: new Date(at),
    undoneAt: undone ? new Date(at) : null,
  });
  await db
    .insert(estimateTimelineEvents)
    .values([
      sent(e1.id, "2026-11-03T15:00:00Z"),
      sent(e1.id, "2026-11-08T15:00:00Z"),
      sent(e2.id, "2026-11-04T15:00:00Z"),
      sent(e3.id, "2026-11-06T15:00:00Z"),
      sent(e4.id, "2026-10-20T15:00:00Z"),
      sent(e5.id, "2026-11-07T15:00:00Z", true),
    ]);
  return { employees, t1, t2, l1, l2, p1, p2 };
}

beforeAll(async () => {
  company = await createTestCompany();
  const other = await createTestCompany();
  // Another company's rows on the same days, twice over: never counted.
  await world(other.companyId, "-other");
  await world(other.companyId, "-other2", false, 100);
  const mine = await world(company.companyId, "");
  ids.ann = mine.employees[0].userId;
  ctx = { companyId: company.companyId, userId: company.userId, role: Role.CompanyAdmin };
});

describe("reports agree to the cent with the invoices and payments", () => {
  it("overview: invoiced, collected, average ticket, jobs completed, estimate conversion", async () => {
    expect(await reportOverview(ctx, NOV)).toEqual({
      invoiceCount: 4,
      invoicedCents: 18_810,
      collectedCents: 9_000,
      // 188.10 / 4 = 47.025, rounded to the cent.
      averageTicketCents: 4_703,
      // J1 (5 Nov) and J2 (latest 20 Nov); J3's Finished was undone.
      jobsCompleted: 2,
      // First sent in November: E1 (3 Nov; resent 8 Nov), E2, E3; E4 in October, E5's undone. Approved: E1, E3.
      estimatesSent: 3,
      estimatesApproved: 2,
    });
    expect(await reportOverview(ctx, { from: "2026-10-31", to: "2026-10-31" })).toEqual({
      invoiceCount: 1,
      invoicedCents: 7_000,
      collectedCents: 1_000,
      averageTicketCents: 7_000,
      // J2 was finished at 23:30 on 31 October in New York, then again on 20 November: a job counts
      // once, on the day of its latest Finished event, so 31 October has none.
      jobsCompleted: 0,
      estimatesSent: 0,
      estimatesApproved: 0,
    });
    expect(await reportOverview(ctx, { from: "2025-01-01", to: "2025-01-31" })).toMatchObject({
      invoiceCount: 0,
      averageTicketCents: null,
    });
  });

  it("by period: day, week (Monday to Sunday) and month", async () => {
    const weeks = await salesByPeriod(ctx, { ...NOV, group: "week" });
    expect(weeks.map((w) => [w.start, w.label, w.invoiceCount, w.invoicedCents, w.taxCents, w.collectedCents])).toEqual(
      [
        ["2026-10-26", "Week of Oct 26, 2026", 0, 0, 0, 0],
        ["2026-11-02", "Week of Nov 02, 2026", 1, 10_001, 741, 0],
        ["2026-11-09", "Week of Nov 09, 2026", 2, 6_234, 0, 5_000],
        ["2026-11-16", "Week of Nov 16, 2026", 0, 0, 0, 0],
        ["2026-11-23", "Week of Nov 23, 2026", 0, 0, 0, 0],
        ["2026-11-30", "Week of Nov 30, 2026", 1, 2_575, 75, 4_000],
      ],
    );
    const months = await salesByPeriod(ctx, { from: "2026-10-01", to: "2026-12-31", group: "month" });
    expect(months.map((m) => [m.label, m.invoiceCount, m.invoicedCents, m.collectedCents])).toEqual([
      ["October 2026", 1, 7_000, 1_000],
      ["November 2026", 4, 18_810, 9_000],
      ["December 2026", 1, 8_000, 0],
    ]);
    const days = await salesByPeriod(ctx, { ...NOV, group: "day" });
    expect(days).toHaveLength(30);
    expect(days.find((d) => d.start === "2026-11-30")).toEqual({
      start: "2026-11-30",
      label: "Nov 30, 2026",
      invoiceCount: 1,
      invoicedCents: 2_575,
      taxCents: 75,
      collectedCents: 4_000,
    });
    expect(days.reduce((sum, d) => sum + d.invoicedCents, 0)).toBe(18_810);
  });

  it("by employee: uneven splits add up to each invoice, the rest unassigned", async () => {
    const rows = await salesBreakdown(ctx, "employee", NOV);
    expect(rows.map((r) => [r.name, r.invoiceCount, r.salesCents])).toEqual([
      ["Ben Brown", 2, 8_334],
      ["Unassigned", 2, 3_809],
      ["Ann Adams", 1, 3_334],
      ["Cal Cruz", 1, 3_333],
    ]);
    expect(rows.find((r) => r.name === "Ann Adams")?.id).toBe(ids.ann);
    expect(rows.reduce((sum, r) => sum + r.salesCents, 0)).toBe(18_810);
  });

  it("by service or item: line amounts by price book item, else the typed name", async () => {
    const rows = await salesBreakdown(ctx, "item", NOV);
    expect(rows.map((r) => [r.name, r.invoiceCount, r.salesCents])).toEqual([
      ["Tune-up", 2, 11_000],
      ["Duct tape", 1, 3_260],
      ["Service call", 1, 2_500],
      ["Filter", 1, 1_234],
    ]);
  });

  it("by lead source and by customer tag: a customer counts in each of theirs", async () => {
    const sources = await salesBreakdown(ctx, "leadSource", NOV);
    expect(sources.map((r) => [r.name, r.invoiceCount, r.salesCents])).toEqual([
      ["Radio spot", 3, 13_810],
      ["None", 1, 5_000],
      ["Neighbour flyer", 2, 3_809],
    ]);
    const byTag = await salesBreakdown(ctx, "tag", NOV);
    expect(byTag.map((r) => [r.name, r.invoiceCount, r.salesCents])).toEqual([
      ["VIP", 3, 13_810],
      ["Commercial", 1, 10_001],
      ["Untagged", 1, 5_000],
    ]);
  });

  it("the CSV of each tab carries the table's figures", async () => {
    const filters = readReportFilters(
      new URL("http://x/report-sales?from=2026-11-01&to=2026-11-30&by=employee"),
      "2026-11-24",
    );
    expect(await salesReportCsv(ctx, filters.filters)).toBe(
      "Employee,Invoices,Sales\nBen Brown,2,83.34\nUnassigned,2,38.09\nAnn Adams,1,33.34\nCal Cruz,1,33.33\n",
    );
    const cookie = await sessionCookie(company.userId);
    const response = await runRoute(
      csvLoader,
      makeRequest("/report-sales/csv?from=2026-11-01&to=2026-11-30&group=month", { cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="sales-by-period-2026-11-01-2026-11-30.csv"',
    );
    expect(await response.text()).toBe(
      "Period start,Period,Invoices,Invoiced,Tax,Collected\n2026-11-01,November 2026,4,188.10,8.16,90.00\n",
    );
  });

  it("the sales report loader answers the URL's filters; a field tech may not open it", async () => {
    const cookie = await sessionCookie(company.userId);
    const response = await runRoute(
      salesLoader,
      makeRequest("/report-sales?from=2026-11-30&to=2026-11-01&by=tag", { cookie }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { filters: unknown; rows: unknown[] };
    expect(body.filters).toEqual({ from: "2026-11-01", to: "2026-11-30", group: "day", by: "tag" });
    expect(body.rows).toHaveLength(3);
    const tech = await createTestUser(company.companyId, Role.FieldTech);
    const denied = await runRoute(
      salesLoader,
      makeRequest("/report-sales", { cookie: await sessionCookie(tech.userId) }),
    );
    expect(denied.status).toBe(403);
  });
});

describe("report filters", () => {
  const read = (query: string) => readReportFilters(new URL(`http://x/reports${query}`), "2026-11-24");
  it("default to this month by day, and report dates that are not", () => {
    expect(read("")).toMatchObject({
      filters: { from: "2026-11-01", to: "2026-11-30", group: "day", by: "period" },
      errors: {},
    });
    expect(read("?from=2026-02-30&to=x&group=year&by=nope")).toMatchObject({
      filters: { from: "2026-11-01", to: "2026-11-30", group: "day", by: "period" },
      errors: { from: "From must be a date", to: "To must be a date" },
    });
    expect(read("?from=2000-01-01&to=2026-01-01").errors).toEqual({ to: "Choose a range of at most 10 years" });
  });
});
