import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimateCounts, priceListCategories, priceListItems, tags } from "~/db/schema";
import { eq } from "drizzle-orm";
import {
  estimateCreateSchema,
  EstimateEvent,
  EstimateStatus,
  estimateUpdateSchema,
} from "~/models/estimates/estimates.schema";
import {
  addOption,
  assignEstimateEmployees,
  createEstimate,
  deleteEstimate,
  deleteOption,
  EstimateRuleError,
  getEstimate,
  listEstimatesPage,
  listOptions,
  renameEstimate,
  scheduleEstimate,
  undoEstimateStatus,
  updateEstimate,
  updateEstimateStatus,
} from "~/models/estimates/estimates.server";
import { TagType } from "~/models/company/tags.schema";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow, jobsFixture, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };

const newEstimate = (f: JobsFixture, fields: Record<string, unknown> = {}, caller = f.admin) =>
  createEstimate(caller, estimateCreateSchema.parse({ customerId: f.customerId, ...fields }));

const twoOptions = {
  taxRate: "8.25",
  discount: "10",
  options: [
    {
      name: "Good",
      lineItems: [
        { name: "A", unitPrice: "33.33", quantity: "3", isTaxable: true },
        { name: "B", unitPrice: "19.99", quantity: "1.5" },
        { name: "Extra", unitPrice: "50", isOptional: "on", isRecommended: "on", isTaxable: true },
      ],
    },
    { name: "Better", lineItems: [{ name: "D", unitPrice: "100", isTaxable: true }] },
  ],
};

describe("numbers without gaps", () => {
  it("gives 1..n under concurrent creation, and a refused create gives its number back", async () => {
    const f = await jobsFixture();
    const created = await Promise.all(Array.from({ length: 8 }, () => newEstimate(f)));
    expect(created.map((e) => e.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const other = await jobsFixture();
    const [category] = await db
      .insert(priceListCategories)
      .values({ companyId: other.companyId, categoryName: "Other", type: 1 })
      .returning({ id: priceListCategories.id });
    const [foreign] = await db
      .insert(priceListItems)
      .values({ companyId: other.companyId, categoryId: category.id, name: "X", priceCents: 100, itemType: 1 })
      .returning({ id: priceListItems.id });
    await expect(
      newEstimate(f, { lineItems: [{ name: "X", unitPrice: "1", priceListItemId: foreign.id }] }),
    ).rejects.toBeInstanceOf(EstimateRuleError);
    expect((await newEstimate(f)).number).toBe(9);
    expect((await newEstimate(other)).number).toBe(1);
    const [counts] = await db.select().from(estimateCounts).where(eq(estimateCounts.companyId, f.companyId));
    expect(counts).toMatchObject({ count: 9, lastNumber: 9 });
  });
});

describe("options and totals to the cent", () => {
  it("totals each option with the estimate's discount and tax; optional lines count once approved", async () => {
    const f = await jobsFixture();
    const { id } = await newEstimate(f, twoOptions);
    const estimate = (await getEstimate(f.admin, id))!;
    expect(estimate).toMatchObject({
      name: "A",
      status: EstimateStatus.Unscheduled,
      taxRate: 825,
      discountCents: 1000,
    });
    const [good, better] = estimate.options;
    expect(good).toMatchObject({ name: "Good", subtotalCents: 12998, taxCents: 761, totalCents: 12759 });
    expect(good.lineItems[2]).toMatchObject({
      amountCents: 5000,
      isOptional: true,
      optionalState: { isRecommended: true, isApproved: false },
    });
    expect(better).toMatchObject({ name: "Better", subtotalCents: 10000, taxCents: 743, totalCents: 9743 });
    expect(estimate.totalCents).toBe(12759);

    await updateEstimate(f.admin, id, estimateUpdateSchema.parse({ discount: "0", taxRate: "10" }));
    const [good2, better2] = (await listOptions(f.admin, id))!;
    expect(good2).toMatchObject({ subtotalCents: 12998, taxCents: 1000, totalCents: 13998 });
    expect(better2).toMatchObject({ totalCents: 11000 });

    const options = (await listOptions(f.admin, id))!;
    await updateEstimate(
      f.admin,
      id,
      estimateUpdateSchema.parse({
        options: [
          {
            id: options[0].id,
            name: "Good",
            lineItems: [{ name: "Extra", unitPrice: "50", optionalState: { isRecommended: true, isApproved: true } }],
          },
          { id: options[1].id, name: "Best", lineItems: [{ name: "E", unitPrice: "1.01", quantity: "3" }] },
        ],
      }),
    );
    const after = (await getEstimate(f.admin, id))!;
    expect(after.options.map((o) => [o.name, o.totalCents])).toEqual([
      ["Good", 5000],
      ["Best", 303],
    ]);
    expect(after.totalCents).toBe(5000);
  });

  it("adds and deletes options, never the last one", async () => {
    const f = await jobsFixture();
    const { id } = await newEstimate(f, { lineItems: [{ name: "Only", unitPrice: "10" }] });
    const added = await addOption(f.admin, id, { name: "Second", lineItems: [{ ...lineOf("Two", "20") }] });
    let options = (await listOptions(f.admin, id))!;
    expect(options.map((o) => o.name)).toEqual(["Option 1", "Second"]);
    expect(await deleteOption(f.admin, id, options[0].id)).toBe(true);
    expect((await getEstimate(f.admin, id))!.totalCents).toBe(2000);
    options = (await listOptions(f.admin, id))!;
    await expect(deleteOption(f.admin, id, added!.id)).rejects.toThrow("An estimate keeps at least one option");
    const other = await jobsFixture();
    expect(await deleteOption(other.admin, id, added!.id)).toBe(false);
    expect(await addOption(other.admin, id, { name: "X", lineItems: [] })).toBeNull();
  });
});

const lineOf = (name: string, unitPrice: string) => ({
  name,
  unitPrice: unitPrice === "" ? 0 : Math.round(Number(unitPrice) * 100),
  quantity: 1,
  cost: 0,
  kind: 1,
  isTaxable: false,
  isOptional: false,
  isRecommended: false,
  isApproved: false,
});

describe("status moves, schedule and undo", () => {
  it("schedules the visit, moves through statuses and undoes the last move", async () => {
    const f = await jobsFixture();
    const { id } = await newEstimate(f);
    const start = new Date("2030-05-01T13:00:00Z");
    await scheduleEstimate(f.admin, { id, startTime: start, employeeIds: [f.techId], arrivalWindowOffset: 60 });
    let estimate = (await getEstimate(f.admin, id))!;
    expect(estimate).toMatchObject({ status: EstimateStatus.Scheduled, arrivalWindowOffset: 60 });
    expect(estimate.endTime?.toISOString()).toBe("2030-05-01T14:00:00.000Z");
    expect(estimate.employeeIds).toEqual([f.techId]);

    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Finished, reason: "Looked" });
    await expect(updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Scheduled })).rejects.toThrow(
      "An estimate cannot move from Finished to Scheduled",
    );
    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Sent });
    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Approved });
    expect((await getEstimate(f.admin, id))!).toMatchObject({ status: EstimateStatus.Approved, approval: 1 });

    await expect(undoEstimateStatus(f.admin, { id, statusClicked: EstimateStatus.Sent })).rejects.toThrow(
      "There is no status change to undo",
    );
    await undoEstimateStatus(f.admin, { id, statusClicked: EstimateStatus.Approved });
    estimate = (await getEstimate(f.admin, id))!;
    expect(estimate).toMatchObject({ status: EstimateStatus.Sent, approval: 0, answeredAt: null });
    expect(estimate.timeline[0]).toMatchObject({ type: EstimateEvent.StatusUndone });

    await scheduleEstimate(f.admin, { id, startTime: start }).catch((e: Error) =>
      expect(e.message).toBe("A sent estimate cannot be rescheduled"),
    );
  });

  it("unschedules (status 7) and the status call schedules with a start date", async () => {
    const f = await jobsFixture();
    const { id } = await newEstimate(f, { startTime: "2030-05-01T13:00:00Z" });
    expect((await getEstimate(f.admin, id))!.status).toBe(EstimateStatus.Scheduled);
    await scheduleEstimate(f.admin, { id, unschedule: true });
    expect((await getEstimate(f.admin, id))!).toMatchObject({ status: EstimateStatus.Unscheduled, startTime: null });
    await expect(updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Scheduled })).rejects.toThrow(
      "Choose a start date to schedule the estimate",
    );
    await updateEstimateStatus(f.admin, {
      estimateId: id,
      status: EstimateStatus.Scheduled,
      startDate: new Date("2030-06-01T10:00:00Z"),
    });
    await undoEstimateStatus(f.admin, { id, statusClicked: EstimateStatus.Scheduled });
    expect((await getEstimate(f.admin, id))!).toMatchObject({ status: EstimateStatus.Unscheduled, startTime: null });
  });
});

describe("scope", () => {
  it("a field tech sees only estimates assigned to them; another company's estimate is not found", async () => {
    const f = await jobsFixture();
    const mine = await newEstimate(f, { employeeIds: [f.techId] });
    const theirs = await newEstimate(f, { employeeIds: [f.otherTechId] });
    const own = await newEstimate(f, {}, f.tech);
    expect((await listEstimatesPage(f.tech, { paging })).items.map((e) => e.id).sort()).toEqual(
      [mine.id, own.id].sort(),
    );
    expect(await getEstimate(f.tech, theirs.id)).toBeNull();
    expect(await updateEstimateStatus(f.tech, { estimateId: theirs.id, status: 6 })).toBeNull();
    await expect(assignEstimateEmployees(f.tech, mine.id, [f.otherTechId])).rejects.toMatchObject({ status: 403 });

    const other = await jobsFixture();
    expect(await getEstimate(other.admin, mine.id)).toBeNull();
    expect(await renameEstimate(other.admin, mine.id, "x")).toBe(false);
    expect(await deleteEstimate(other.admin, mine.id)).toBe(false);
    expect(await listOptions(other.admin, mine.id)).toBeNull();
    expect(await assignEstimateEmployees(other.admin, mine.id, [])).toBe(false);
    await expect(newEstimate(other, { customerId: f.customerId })).rejects.toThrow("Customer not found");
    await expect(newEstimate(other, { employeeIds: [f.techId] })).rejects.toThrow("Employee not found");
    expect(await deleteEstimate(f.admin, mine.id)).toBe(true);
    expect(await getEstimate(f.admin, mine.id)).toBeNull();
  });
});

describe("the list", () => {
  it("pages, sorts and filters by search, status and tags in and out", async () => {
    const f = await jobsFixture();
    const other = await createCustomerRow(f.companyId, "Linus", "Torvalds");
    const [tag] = await db
      .insert(tags)
      .values({ companyId: f.companyId, name: "Hot", type: TagType.Estimate })
      .returning({ id: tags.id });
    for (let i = 0; i < 12; i++)
      await newEstimate(f, {
        customerId: i % 3 === 0 ? other : f.customerId,
        name: `Quote ${String(i).padStart(2, "0")}`,
        lineItems: [{ name: "L", unitPrice: String(i + 1) }],
        tags: i < 4 ? [tag.id] : [],
      });
    const page1 = await listEstimatesPage(f.admin, { paging });
    expect(page1.total).toBe(12);
    expect(page1.items[0].number).toBe(12);
    const page2 = await listEstimatesPage(f.admin, { paging: { ...paging, pageNumber: 2 } });
    expect(page2.items.map((e) => e.number)).toEqual([2, 1]);
    const byTotal = await listEstimatesPage(f.admin, {
      paging: { pageNumber: 1, pageSize: 3, sortSettings: [{ fieldName: "total", descending: false }] },
    });
    expect(byTotal.items.map((e) => e.totalCents)).toEqual([100, 200, 300]);
    const byCustomer = await listEstimatesPage(f.admin, {
      paging: { pageNumber: 1, pageSize: 12, sortSettings: [{ fieldName: "customerName", descending: true }] },
    });
    expect(byCustomer.items[0].customerName).toBe("Linus Torvalds");
    expect((await listEstimatesPage(f.admin, { paging, searchQuery: "linus" })).total).toBe(4);
    expect((await listEstimatesPage(f.admin, { paging, searchQuery: "quote 05" })).items[0].name).toBe("Quote 05");
    expect((await listEstimatesPage(f.admin, { paging, tags: [tag.id] })).total).toBe(4);
    expect((await listEstimatesPage(f.admin, { paging, excludeTags: [tag.id] })).total).toBe(8);
    expect((await listEstimatesPage(f.admin, { paging, status: EstimateStatus.Scheduled })).total).toBe(0);
    expect((await listEstimatesPage(f.admin, { paging, customerId: other })).total).toBe(4);
  });
});
