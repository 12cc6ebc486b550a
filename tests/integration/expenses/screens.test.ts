import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { expenses, jobEmployees } from "~/db/schema";
import { createExpense } from "~/models/expenses/expenses.server";
import { action, loader } from "~/routes/_app+/expense-tracking";
import { loader as jobLoader } from "~/routes/_app+/jobs+/$id";
import { loader as estimateLoader } from "~/routes/_app+/estimates+/$id";
import { action as codesAction, loader as codesLoader } from "~/routes/_app+/settings+/expense-codes";
import { readStoredFile, keyFromUrl } from "~/services/storage.server";
import { makeRequest } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { toastOf } from "../company/screens-helpers";
import { callRequest, callRoute } from "../route-call";
import { expenseForm, expensesFixture, jpegReceipt } from "./fixtures";

useTestDatabase();

const post = (path: string, cookie: string, body: FormData) =>
  callRequest(action, makeRequest(path, { method: "POST", cookie, body }));

const stored = (companyId: number) =>
  db.select().from(expenses).where(eq(expenses.companyId, companyId)).orderBy(expenses.id);

describe("the expenses screen", () => {
  it("adds an expense with its receipt, related to a job, without JavaScript", async () => {
    const f = await expensesFixture();
    const res = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm(
        {
          expense: "new",
          date: "2026-11-20",
          amount: "$1,250.5",
          expenseCodeId: String(f.codes.fuel),
          description: "Diesel for the van",
          employeeId: String(f.officeId),
          relatedEntityType: "1",
          relatedEntityId: String(f.jobId),
        },
        await jpegReceipt(),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/expense-tracking");
    expect(await toastOf(res.headers)).toEqual({ type: "success", message: "Expense was created successfully!" });
    const [row] = await stored(f.companyId);
    expect(row).toMatchObject({
      spentOn: "2026-11-20",
      amountCents: 125050,
      expenseCodeId: f.codes.fuel,
      description: "Diesel for the van",
      employeeUserId: f.officeId,
      relatedType: 1,
      relatedJobId: f.jobId,
      relatedCustomerId: null,
      relatedEstimateId: null,
      relatedUserId: null,
      createdByUserId: f.userId,
    });
    expect(row.receiptUrl).toMatch(new RegExp(`^/files/${f.companyId}/expense-receipts/[\\w-]+\\.png$`));
    expect(row.receiptStorageKey).toBe(keyFromUrl(row.receiptUrl!));
    const file = await readStoredFile(row.receiptStorageKey!);
    expect(file?.contentType).toBe("image/png");
  });

  it("puts each message on its field and keeps the values", async () => {
    const f = await expensesFixture();
    const res = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({
        expense: "new",
        date: "",
        amount: "0",
        description: "x".repeat(1001),
        relatedEntityType: "2",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors).toEqual({
      date: "Date is required",
      amount: "Amount must be greater than 0",
      description: "Description is too long - should be 1000 chars maximum",
    });
    expect(res.body.repopulateFields).toMatchObject({ amount: "0", relatedEntityType: "2", expense: "new" });
    const negative = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({ expense: "new", date: "2026-02-30", amount: "-3" }),
    );
    expect(negative.body.fieldErrors).toEqual({
      date: "Date must be a date",
      amount: "Amount must be greater than or equal to 0",
    });
    // The record is asked for once the rest is right.
    const noRecord = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({ expense: "new", date: "2026-11-01", amount: "3", relatedEntityType: "2" }),
    );
    expect(noRecord.body.fieldErrors).toEqual({ relatedEntityId: "Choose the estimate" });
    expect(await stored(f.companyId)).toEqual([]);
  });

  it("refuses another company's code, employee and related record on their fields", async () => {
    const f = await expensesFixture();
    const other = await expensesFixture();
    const res = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({
        expense: "new",
        date: "2026-11-20",
        amount: "10",
        expenseCodeId: String(other.codes.fuel),
        employeeId: String(other.officeId),
        relatedEntityType: "0",
        relatedEntityId: String(other.customerId),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors).toEqual({
      expenseCodeId: "Choose one of your expense codes",
      employeeId: "Choose one of your employees",
      relatedEntityId: "Choose one of your customers",
    });
    expect(await stored(f.companyId)).toEqual([]);
  });

  it("edits an expense, removes its receipt and deletes it after the confirmation", async () => {
    const f = await expensesFixture();
    await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({ expense: "new", date: "2026-11-01", amount: "20" }, await jpegReceipt()),
    );
    const [created] = await stored(f.companyId);
    const opened = await callRoute(loader, `/expense-tracking?expense=${created.id}`, { cookie: f.cookie });
    expect(opened.status).toBe(200);
    expect(opened.body.dialog.values).toEqual({
      date: "2026-11-01",
      amount: "20.00",
      expenseCodeId: "",
      description: "",
      employeeId: "",
      relatedEntityType: "",
      relatedEntityId: "",
      relatedSearch: "",
    });
    const saved = await post(
      `/expense-tracking?expense=${created.id}&q=van`,
      f.cookie,
      expenseForm({
        expense: String(created.id),
        date: "2026-11-02",
        amount: "25.10",
        expenseCodeId: String(f.codes.permits),
        relatedEntityType: "3",
        relatedEntityId: String(f.techId),
        removeReceipt: "on",
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/expense-tracking?q=van");
    expect(await toastOf(saved.headers)).toEqual({ type: "success", message: "Expense was saved successfully!" });
    const [edited] = await stored(f.companyId);
    expect(edited).toMatchObject({
      spentOn: "2026-11-02",
      amountCents: 2510,
      expenseCodeId: f.codes.permits,
      relatedType: 3,
      relatedUserId: f.techId,
      receiptUrl: null,
      receiptStorageKey: null,
    });
    expect(await readStoredFile(created.receiptStorageKey!)).toBeNull();

    const confirm = await callRoute(loader, `/expense-tracking?delete=${created.id}`, { cookie: f.cookie });
    expect(confirm.body.deleting).toMatchObject({ id: created.id, amountCents: 2510 });
    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", String(created.id));
    const deleted = await post(`/expense-tracking?delete=${created.id}`, f.cookie, form);
    expect(deleted.status).toBe(302);
    expect(await toastOf(deleted.headers)).toEqual({ type: "success", message: "Expense was deleted" });
    expect(await stored(f.companyId)).toEqual([]);
  });

  it("lists, searches, sorts and pages in the database, with the total of the whole search in cents", async () => {
    const f = await expensesFixture();
    const add = (date: string, amount: number, description: string, code?: number) =>
      createExpense(f.ctx, { date, amount, description, expenseCodeId: code, employeeId: f.officeId });
    await add("2026-11-01", 1001, "Diesel for the van", f.codes.fuel);
    await add("2026-11-03", 250, "Coffee", undefined);
    await add("2026-11-02", 99999, "City permit", f.codes.permits);
    await add("2026-11-04", 4000, "Gas station", f.codes.fuel);

    const all = await callRoute(loader, "/expense-tracking", { cookie: f.cookie });
    expect(all.body.items.map((e: { date: string }) => e.date)).toEqual([
      "2026-11-04",
      "2026-11-03",
      "2026-11-02",
      "2026-11-01",
    ]);
    expect(all.body).toMatchObject({ total: 4, totalCents: 105250, currency: "USD" });

    // "fuel" is the code's name; "van" a word of a description.
    const fuel = await callRoute(loader, "/expense-tracking?q=fuel", { cookie: f.cookie });
    expect(fuel.body.items.map((e: { description: string }) => e.description)).toEqual([
      "Gas station",
      "Diesel for the van",
    ]);
    expect(fuel.body).toMatchObject({ total: 2, totalCents: 5001 });
    const van = await callRoute(loader, "/expense-tracking?q=va", { cookie: f.cookie });
    expect(van.body).toMatchObject({ total: 1, totalCents: 1001 });

    const byAmount = await callRoute(loader, "/expense-tracking?sort=amount&order=asc&pageSize=10", {
      cookie: f.cookie,
    });
    expect(byAmount.body.items.map((e: { amountCents: number }) => e.amountCents)).toEqual([250, 1001, 4000, 99999]);
    const byCode = await callRoute(loader, "/expense-tracking?sort=expenseCode&order=asc", { cookie: f.cookie });
    expect(byCode.body.items.map((e: { expenseCodeName: string | null }) => e.expenseCodeName)).toEqual([
      null,
      "Fuel",
      "Fuel",
      "Permits",
    ]);

    for (let i = 0; i < 8; i++) await add(`2026-10-${String(10 + i)}`, 100, `Parking ${i}`);
    const second = await callRoute(loader, "/expense-tracking?page=2&pageSize=10", { cookie: f.cookie });
    expect(second.body.items).toHaveLength(2);
    expect(second.body.items.map((e: { date: string }) => e.date)).toEqual(["2026-10-11", "2026-10-10"]);
    expect(second.body).toMatchObject({ total: 12, totalCents: 106050 });
  });

  it("finds the related record without JavaScript: Find reloads the form with the matches, values kept", async () => {
    const f = await expensesFixture();
    const other = await expensesFixture();
    const query = new URLSearchParams({
      expense: "new",
      find: "1",
      date: "2026-11-05",
      amount: "12",
      relatedEntityType: "0",
      relatedSearch: "grace",
      relatedEntityId: "",
    });
    const res = await callRoute(loader, `/expense-tracking?${query}`, { cookie: f.cookie });
    expect(res.status).toBe(200);
    expect(res.body.dialog.values).toMatchObject({ date: "2026-11-05", amount: "12", relatedSearch: "grace" });
    expect(res.body.dialog.relatedOptions).toEqual([
      { id: f.customerId, type: 0, name: expect.stringMatching(/^Grace Hopper\d+$/) },
    ]);
    expect(res.body.dialog.relatedOptions.map((o: { id: number }) => o.id)).not.toContain(other.customerId);
    const jobs = await callRoute(
      loader,
      `/expense-tracking?expense=new&find=1&relatedEntityType=1&relatedSearch=furnace`,
      { cookie: f.cookie },
    );
    expect(jobs.body.dialog.relatedOptions).toEqual([{ id: f.jobId, type: 1, name: `Job #${f.jobId} Furnace repair` }]);
  });

  it("opens the form pre-related from a job page and goes back there", async () => {
    const f = await expensesFixture();
    const path = `/expense-tracking?expense=new&relatedEntityType=1&relatedEntityId=${f.jobId}&returnTo=/jobs/${f.jobId}`;
    const opened = await callRoute(loader, path, { cookie: f.cookie });
    expect(opened.body.dialog.values).toMatchObject({ relatedEntityType: "1", relatedEntityId: String(f.jobId) });
    expect(opened.body.dialog.relatedOptions[0]).toEqual({
      id: f.jobId,
      type: 1,
      name: `Job #${f.jobId} Furnace repair`,
    });
    expect(opened.body.returnTo).toBe(`/jobs/${f.jobId}`);
    const saved = await post(
      path,
      f.cookie,
      expenseForm({
        expense: "new",
        returnTo: `/jobs/${f.jobId}`,
        date: "2026-11-06",
        amount: "40",
        relatedEntityType: "1",
        relatedEntityId: String(f.jobId),
      }),
    );
    expect(saved.headers.get("Location")).toBe(`/jobs/${f.jobId}`);
    const outside = await post(
      "/expense-tracking?expense=new",
      f.cookie,
      expenseForm({ expense: "new", returnTo: "//evil.example", date: "2026-11-06", amount: "1" }),
    );
    expect(outside.headers.get("Location")).toBe("/expense-tracking");
  });

  it("shows a job's and an estimate's expenses on their pages, not to a field tech", async () => {
    const f = await expensesFixture();
    await createExpense(f.ctx, {
      date: "2026-11-02",
      amount: 1500,
      description: "Filter",
      expenseCodeId: f.codes.fuel,
      relatedEntityType: 1,
      relatedEntityId: f.jobId,
    });
    await createExpense(f.ctx, { date: "2026-11-01", amount: 250, relatedEntityType: 1, relatedEntityId: f.jobId });
    await createExpense(f.ctx, {
      date: "2026-11-03",
      amount: 7000,
      relatedEntityType: 2,
      relatedEntityId: f.estimateId,
    });
    const job = await callRoute(jobLoader, `/jobs/${f.jobId}`, { cookie: f.cookie }, { id: String(f.jobId) });
    expect(job.body.expenses).toMatchObject({
      totalCents: 1750,
      relatedEntityType: 1,
      relatedEntityId: f.jobId,
      items: [
        { date: "2026-11-01", amountCents: 250, expenseCodeName: null },
        { date: "2026-11-02", amountCents: 1500, expenseCodeName: "Fuel", description: "Filter" },
      ],
    });
    const estimate = await callRoute(
      estimateLoader,
      `/estimates/${f.estimateId}`,
      { cookie: f.cookie },
      { id: String(f.estimateId) },
    );
    expect(estimate.body.expenses).toMatchObject({ totalCents: 7000, items: [{ amountCents: 7000 }] });
    await db.insert(jobEmployees).values({ jobId: f.jobId, userId: f.techId, companyId: f.companyId });
    const asTech = await callRoute(jobLoader, `/jobs/${f.jobId}`, { cookie: f.techCookie }, { id: String(f.jobId) });
    expect(asTech.status).toBe(200);
    expect(asTech.body.expenses).toBeNull();
  });

  it("asks before deleting an expense code in use; its expenses stay without a code", async () => {
    const f = await expensesFixture();
    await createExpense(f.ctx, { date: "2026-11-02", amount: 100, expenseCodeId: f.codes.fuel });
    await createExpense(f.ctx, { date: "2026-11-03", amount: 200, expenseCodeId: f.codes.fuel });
    const confirm = await callRoute(codesLoader, `/settings/expense-codes?confirm=delete&id=${f.codes.fuel}`, {
      cookie: f.cookie,
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ usedBy: 2, deleting: { id: f.codes.fuel, name: "Fuel" } });
    const unused = await callRoute(codesLoader, `/settings/expense-codes?confirm=delete&id=${f.codes.permits}`, {
      cookie: f.cookie,
    });
    expect(unused.body.usedBy).toBe(0);
    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", String(f.codes.fuel));
    const deleted = await callRequest(
      codesAction,
      makeRequest("/settings/expense-codes", { method: "POST", cookie: f.cookie, body: form }),
    );
    expect(deleted.status).toBe(302);
    const rows = await stored(f.companyId);
    expect(rows.map((r) => [r.amountCents, r.expenseCodeId])).toEqual([
      [100, null],
      [200, null],
    ]);
  });

  it("is for the broader roles: a field tech is refused, office staff welcome", async () => {
    const f = await expensesFixture();
    expect((await callRoute(loader, "/expense-tracking", { cookie: f.techCookie })).status).toBe(403);
    expect(
      (await post("/expense-tracking", f.techCookie, expenseForm({ expense: "new", date: "2026-11-01", amount: "5" })))
        .status,
    ).toBe(403);
    expect((await callRoute(loader, "/expense-tracking", { cookie: f.officeCookie })).status).toBe(200);
    expect(await stored(f.companyId)).toEqual([]);
  });
});
