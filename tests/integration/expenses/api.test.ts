import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimateEmployees, expenses, jobEmployees } from "~/db/schema";
import { parseCsv } from "~/models/files/csv.server";
import { action as expensesAction } from "~/routes/api+/expenses+/_layout";
import { action as expenseAction, loader as expenseLoader } from "~/routes/api+/expenses+/$id";
import { loader as pageLoader } from "~/routes/api+/expenses+/page";
import { loader as jobLoader } from "~/routes/api+/expenses+/job.$id";
import { loader as estimateLoader } from "~/routes/api+/expenses+/estimate.$id";
import { loader as codeUseLoader } from "~/routes/api+/expenses+/exist-for-expense-code.$id";
import { loader as searchLoader } from "~/routes/api+/expenses+/search-related-entities";
import { loader as relatedLoader } from "~/routes/api+/expenses+/related-entity";
import { loader as csvLoader } from "~/routes/api+/expenses+/export-csv";
import { action as uploadAction } from "~/routes/api+/expenses+/upload-expense-receipt-image";
import { makeRequest } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { callRequest, callRoute } from "../route-call";
import { expensesFixture, jpegReceipt, type ExpensesFixture } from "./fixtures";

useTestDatabase();

const create = (cookie: string, json: unknown) =>
  callRoute(expensesAction, "/api/expenses", { method: "POST", cookie, json });

async function uploadReceipt(cookie: string) {
  const receipt = await jpegReceipt();
  const form = new FormData();
  form.set("file", new File([receipt.data], receipt.name, { type: receipt.type }));
  return callRequest(
    uploadAction,
    makeRequest("/api/expenses/upload-expense-receipt-image", { method: "POST", cookie, body: form }),
  );
}

const base = (f: ExpensesFixture) => ({
  date: "2026-11-20",
  amount: 12.5,
  expenseCodeId: f.codes.fuel,
  description: "Diesel",
  employeeId: f.officeId,
  relatedEntityType: 0,
  relatedEntityId: f.customerId,
});

describe("expenses API", () => {
  it("creates with an uploaded receipt, reads, updates and deletes; money in dollars, kept in cents", async () => {
    const f = await expensesFixture();
    const upload = await uploadReceipt(f.cookie);
    expect(upload.status).toBe(201);
    const { receiptUrl } = upload.body.data;
    expect(receiptUrl).toMatch(new RegExp(`^/files/${f.companyId}/expense-receipts/[\\w-]+\\.png$`));

    const created = await create(f.cookie, { ...base(f), receiptUrl });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toEqual({
      id,
      date: "2026-11-20",
      amount: 12.5,
      amountCents: 1250,
      expenseCode: { id: f.codes.fuel, name: "Fuel", description: "Gas for the vans" },
      description: "Diesel",
      employee: { id: f.officeId, name: "Olive Office" },
      relatedEntity: { type: 0, id: f.customerId, name: expect.stringMatching(/^Grace Hopper\d+$/) },
      receiptUrl,
    });
    const [row] = await db.select().from(expenses).where(eq(expenses.id, id));
    expect(row).toMatchObject({ amountCents: 1250, relatedType: 0, relatedCustomerId: f.customerId });

    const read = await callRoute(expenseLoader, `/api/expenses/${id}`, { cookie: f.cookie }, { id: String(id) });
    expect(read.body.data.id).toBe(id);

    // PUT without receiptUrl keeps the receipt.
    const updated = await callRoute(expensesAction, "/api/expenses", {
      method: "PUT",
      cookie: f.cookie,
      json: { id, date: "2026-11-21", amount: "0.99", relatedEntityType: 2, relatedEntityId: f.estimateId },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      date: "2026-11-21",
      amount: 0.99,
      amountCents: 99,
      expenseCode: null,
      employee: null,
      relatedEntity: { type: 2, id: f.estimateId, name: "Estimate #1 New roof" },
      receiptUrl,
    });
    const removed = await callRoute(expensesAction, "/api/expenses", {
      method: "PUT",
      cookie: f.cookie,
      json: { id, date: "2026-11-21", amount: 1, receiptUrl: null },
    });
    expect(removed.body.data.receiptUrl).toBeNull();

    const deleted = await callRoute(
      expenseAction,
      `/api/expenses/${id}`,
      { method: "DELETE", cookie: f.cookie },
      { id: String(id) },
    );
    expect(deleted).toEqual({ status: 200, body: { data: { id } } });
    const again = await callRoute(
      expenseAction,
      `/api/expenses/${id}`,
      { method: "DELETE", cookie: f.cookie },
      { id: String(id) },
    );
    expect(again.status).toBe(404);
    expect(again.body.exceptionType).toBe("not_found");
  });

  it("answers 400 with the field messages", async () => {
    const f = await expensesFixture();
    const res = await create(f.cookie, { amount: -1, description: 5 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      date: "Date is required",
      amount: "Amount must be greater than or equal to 0",
      description: "Expected string, received number",
    });
    const foreign = await create(f.cookie, {
      ...base(f),
      expenseCodeId: 999999,
      relatedEntityType: 1,
      relatedEntityId: 999999,
    });
    expect(foreign).toEqual({
      status: 400,
      body: {
        errors: { expenseCodeId: "Choose one of your expense codes", relatedEntityId: "Choose one of your jobs" },
      },
    });
    expect(await db.select().from(expenses).where(eq(expenses.companyId, f.companyId))).toEqual([]);
  });

  it("pages with search and sort, and sums the whole search", async () => {
    const f = await expensesFixture();
    for (const [date, amount, description, code] of [
      ["2026-11-01", 10.01, "Diesel for the van", f.codes.fuel],
      ["2026-11-02", 999.99, "City permit", f.codes.permits],
      ["2026-11-03", 2.5, "Coffee", undefined],
    ] as const)
      expect((await create(f.cookie, { date, amount, description, expenseCodeId: code })).status).toBe(201);
    const page = await callRoute(
      pageLoader,
      "/api/expenses/page?pageNumber=1&pageSize=2&sortSettings[0].fieldName=amount&sortSettings[0].descending=true",
      { cookie: f.cookie },
    );
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      total: 3,
      pageNumber: 1,
      pageSize: 2,
      totalAmount: 1012.5,
      totalAmountCents: 101250,
    });
    expect(page.body.data.items.map((e: { amountCents: number }) => e.amountCents)).toEqual([99999, 1001]);
    const searched = await callRoute(pageLoader, "/api/expenses/page?searchQuery=permits", { cookie: f.cookie });
    expect(searched.body.data).toMatchObject({ total: 1, totalAmountCents: 99999 });
    expect(searched.body.data.items[0].description).toBe("City permit");
    const byEmployee = await callRoute(pageLoader, "/api/expenses/page?paging.sortSettings[0].fieldName=employee", {
      cookie: f.cookie,
    });
    expect(byEmployee.status).toBe(200);
  });

  it("lists a job's and an estimate's expenses with their sums; 404 for another company's", async () => {
    const f = await expensesFixture();
    const other = await expensesFixture();
    await create(f.cookie, { date: "2026-11-02", amount: 5, relatedEntityType: 1, relatedEntityId: f.jobId });
    await create(f.cookie, { date: "2026-11-01", amount: 7.25, relatedEntityType: 1, relatedEntityId: f.jobId });
    await create(f.cookie, { date: "2026-11-01", amount: 3, relatedEntityType: 2, relatedEntityId: f.estimateId });
    const job = await callRoute(
      jobLoader,
      `/api/expenses/job/${f.jobId}`,
      { cookie: f.cookie },
      { id: String(f.jobId) },
    );
    expect(job.body.data).toMatchObject({ totalAmount: 12.25, totalAmountCents: 1225 });
    expect(job.body.data.items.map((e: { date: string }) => e.date)).toEqual(["2026-11-01", "2026-11-02"]);
    const estimate = await callRoute(
      estimateLoader,
      `/api/expenses/estimate/${f.estimateId}`,
      { cookie: f.cookie },
      { id: String(f.estimateId) },
    );
    expect(estimate.body.data).toMatchObject({ totalAmountCents: 300, items: [{ amountCents: 300 }] });
    const foreign = await callRoute(
      jobLoader,
      `/api/expenses/job/${other.jobId}`,
      { cookie: f.cookie },
      { id: String(other.jobId) },
    );
    expect(foreign.status).toBe(404);
  });

  it("tells whether an expense code is in use", async () => {
    const f = await expensesFixture();
    const other = await expensesFixture();
    await create(f.cookie, { date: "2026-11-02", amount: 5, expenseCodeId: f.codes.fuel });
    const use = (id: number) =>
      callRoute(codeUseLoader, `/api/expenses/exist-for-expense-code/${id}`, { cookie: f.cookie }, { id: String(id) });
    expect((await use(f.codes.fuel)).body).toEqual({ data: { exists: true, count: 1 } });
    expect((await use(f.codes.permits)).body).toEqual({ data: { exists: false, count: 0 } });
    expect((await use(other.codes.fuel)).status).toBe(404);
  });

  it("searches related records of the company only, by type, narrowed by employees", async () => {
    const f = await expensesFixture();
    const other = await expensesFixture();
    const search = (query: string) =>
      callRoute(searchLoader, `/api/expenses/search-related-entities?${query}`, { cookie: f.cookie });
    const customers = await search("entityType=0&searchQuery=grace&limit=10");
    expect(customers.body.data).toEqual([{ id: f.customerId, type: 0, name: expect.stringMatching(/^Grace Hopper/) }]);
    const jobs = await search("entityType=1&searchQuery=furnace");
    expect(jobs.body.data).toEqual([{ id: f.jobId, type: 1, name: `Job #${f.jobId} Furnace repair` }]);
    expect((await search(`entityType=1&searchQuery=${other.jobId}`)).body.data).toEqual([]);
    const estimates = await search("entityType=2&searchQuery=1");
    expect(estimates.body.data).toEqual([{ id: f.estimateId, type: 2, name: "Estimate #1 New roof" }]);
    // A space: no generated email can match it, only the name.
    const employees = await search("entityType=3&searchQuery=olive%20off");
    expect(employees.body.data).toEqual([{ id: f.officeId, type: 3, name: "Olive Office" }]);

    // employeeIds: jobs and estimates assigned to one of them; employees among them.
    expect((await search(`entityType=1&employeeIds=${f.techId}`)).body.data).toEqual([]);
    await db.insert(jobEmployees).values({ jobId: f.jobId, userId: f.techId, companyId: f.companyId });
    await db.insert(estimateEmployees).values({ estimateId: f.estimateId, userId: f.techId, companyId: f.companyId });
    expect((await search(`entityType=1&employeeIds=${f.techId}`)).body.data).toHaveLength(1);
    expect((await search(`entityType=2&employeeIds[0]=${f.techId}`)).body.data).toHaveLength(1);
    expect((await search(`entityType=3&employeeIds=${f.techId},${other.techId}`)).body.data).toEqual([
      { id: f.techId, type: 3, name: "Terry Tech" },
    ]);

    expect((await search("entityType=7")).status).toBe(400);
    expect((await search("entityType=0&limit=500")).status).toBe(400);

    const related = (query: string) =>
      callRoute(relatedLoader, `/api/expenses/related-entity?${query}`, { cookie: f.cookie });
    expect((await related(`type=1&id=${f.jobId}`)).body).toEqual({
      data: { id: f.jobId, type: 1, name: `Job #${f.jobId} Furnace repair` },
    });
    expect((await related(`type=1&id=${other.jobId}`)).status).toBe(404);
    expect((await related(`type=3&id=${other.officeId}`)).status).toBe(404);
  });

  it("exports the expenses as CSV, spreadsheet formulas neutralised", async () => {
    const f = await expensesFixture();
    await create(f.cookie, {
      ...base(f),
      date: "2026-11-01",
      amount: 1234.5,
      description: '=HYPERLINK("http://evil")',
    });
    await create(f.cookie, { date: "2026-11-02", amount: 3, relatedEntityType: 1, relatedEntityId: f.jobId });
    const res = await callRoute(csvLoader, "/api/expenses/export-csv", { cookie: f.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="expenses.csv"');
    const lines = (res.body as string).trim().split("\n");
    expect(lines[0]).toBe("Date,Amount,Expense Code,Description,Employee,Related To,Related Record");
    expect(lines[1]).toBe(`2026-11-02,3.00,,,,Job,Job #${f.jobId} Furnace repair`);
    expect(lines[2]).toMatch(
      /^2026-11-01,1234\.50,Fuel,"'=HYPERLINK\(""http:\/\/evil""\)",Olive Office,Customer,Grace Hopper\d+$/,
    );
    expect(parseCsv(res.body as string, { columns: true })).toHaveLength(2);
    const searched = await callRoute(csvLoader, "/api/expenses/export-csv?searchQuery=fuel", { cookie: f.cookie });
    expect((searched.body as string).trim().split("\n")).toHaveLength(2);
  });
});
