// Expenses from the attacker's side, over HTTP against the built server with the demo data: a field
// tech is refused the screen and every call; another company's expense, code, related record and
// receipt answer 404 (or a field error) exactly as missing ones; hostile bodies (prototype keys, a
// non-image receipt, an oversize one, a receipt URL of someone else) are refused without a 500.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";
import { solidImage } from "../helpers/solid-image";

const MB = 1024 * 1024;

let admin: string;
let tech: string;
let owner: string;
let demo: Record<string, number>;
let expense: { id: number; receiptUrl: string };
let codeId: number;
/** A job the field tech is assigned to (they may open its page). */
let techJob: number;

let address = 0;
/** A multipart post (a screen's form with Origin, or an API upload), each from its own address. */
function multipart(path: string, cookie: string, form: FormData) {
  address += 1;
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl(), "X-Forwarded-For": `203.0.113.${address % 250}` },
    body: form,
    redirect: "manual",
  });
}

const receiptUpload = (cookie: string, data: Uint8Array<ArrayBuffer>, name: string, type = "image/png") => {
  const form = new FormData();
  form.set("file", new File([data], name, { type }));
  return multipart("/api/expenses/upload-expense-receipt-image", cookie, form);
};

/** A real PNG picture, made in beforeAll. */
let png: Uint8Array<ArrayBuffer>;

const screenForm = (fields: Record<string, string>, receipt?: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("receipt", receipt ?? new File([], ""));
  return form;
};

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  demo = demoRecordIds("company admin");
  techJob = demoRecordIds("field tech").jobs;
  owner = await signUpOwner({ name: "Expenses", phoneNumber: "+17045550161" });
  const code = await call("/api/company/expense-code", {
    cookie: admin,
    method: "POST",
    body: { name: `Security ${Date.now()}`, description: "For the security tests" },
  });
  expect(code.status, await code.clone().text()).toBeLessThan(300);
  codeId = (await dataOf<{ id: number }>(code)).id;
  png = new Uint8Array(await solidImage(40, 60));
  const upload = await receiptUpload(admin, png, "receipt.png");
  expect(upload.status, await upload.clone().text()).toBe(201);
  const { receiptUrl } = await dataOf<{ receiptUrl: string }>(upload);
  const created = await call("/api/expenses", {
    cookie: admin,
    method: "POST",
    body: {
      date: "2026-11-20",
      amount: 42,
      expenseCodeId: codeId,
      description: "Secret supplier invoice",
      relatedEntityType: 1,
      relatedEntityId: techJob,
      receiptUrl,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  expense = await dataOf<{ id: number; receiptUrl: string }>(created);
});

describe("expenses: roles", () => {
  test("a field tech gets 403 on the screen and on every call, and creates nothing", async () => {
    expect((await call("/expense-tracking", { cookie: tech })).status).toBe(403);
    for (const [path, method] of [
      ["/api/expenses/page", "GET"],
      [`/api/expenses/${expense.id}`, "GET"],
      [`/api/expenses/job/${demo.jobs}`, "GET"],
      [`/api/expenses/exist-for-expense-code/${codeId}`, "GET"],
      ["/api/expenses/search-related-entities?entityType=0", "GET"],
      ["/api/expenses/export-csv", "GET"],
      [`/api/expenses/${expense.id}`, "DELETE"],
    ] as const) {
      const res = await call(path, { cookie: tech, method });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ message: "You do not have permission to access." });
    }
    const posted = await call("/api/expenses", {
      cookie: tech,
      method: "POST",
      body: { date: "2026-11-20", amount: 1 },
    });
    expect(posted.status).toBe(403);
    const screen = await multipart(
      "/expense-tracking?expense=new",
      tech,
      screenForm({ intent: "save", expense: "new", date: "2026-11-20", amount: "1" }),
    );
    expect(screen.status).toBe(403);
    const still = await call(`/api/expenses/${expense.id}`, { cookie: admin });
    expect(still.status).toBe(200);
  });

  test("the job page shows its expenses to the office, not to a field tech", async () => {
    const page = await (await call(`/jobs/${techJob}`, { cookie: admin })).text();
    expect(page).toContain("Secret supplier invoice");
    const asTech = await call(`/jobs/${techJob}`, { cookie: tech });
    expect(asTech.status).toBe(200);
    const techPage = await asTech.text();
    expect(techPage).not.toContain("Secret supplier invoice");
    expect(techPage).not.toContain("Total expenses");
  });
});

describe("expenses: another company", () => {
  test("another company's expense answers 404 to read, edit and delete, and stays", async () => {
    const notFound = { exceptionType: "not_found", message: "Not found" };
    const read = await call(`/api/expenses/${expense.id}`, { cookie: owner });
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual(notFound);
    const put = await call("/api/expenses", {
      cookie: owner,
      method: "PUT",
      body: { id: expense.id, date: "2026-11-20", amount: 1 },
    });
    expect(put.status).toBe(404);
    expect((await call(`/api/expenses/${expense.id}`, { cookie: owner, method: "DELETE" })).status).toBe(404);
    expect((await call(`/expense-tracking?expense=${expense.id}`, { cookie: owner })).status).toBe(404);
    expect((await call(`/expense-tracking?delete=${expense.id}`, { cookie: owner })).status).toBe(404);
    const deleteForm = new FormData();
    deleteForm.set("intent", "delete");
    deleteForm.set("id", String(expense.id));
    expect((await multipart("/expense-tracking", owner, deleteForm)).status).toBe(404);
    const editForm = screenForm({ intent: "save", expense: String(expense.id), date: "2026-11-20", amount: "1" });
    expect((await multipart(`/expense-tracking?expense=${expense.id}`, owner, editForm)).status).toBe(404);
    const mine = await dataOf<{ amountCents: number; description: string }>(
      await call(`/api/expenses/${expense.id}`, { cookie: admin }),
    );
    expect(mine).toMatchObject({ amountCents: 4200, description: "Secret supplier invoice" });
  });

  test("another company's code, job, customer and employee cannot be used, found or counted", async () => {
    expect((await call(`/api/expenses/exist-for-expense-code/${codeId}`, { cookie: owner })).status).toBe(404);
    expect((await call(`/api/expenses/job/${demo.jobs}`, { cookie: owner })).status).toBe(404);
    expect((await call(`/api/expenses/estimate/${demo.estimates}`, { cookie: owner })).status).toBe(404);
    expect((await call(`/api/expenses/related-entity?type=1&id=${demo.jobs}`, { cookie: owner })).status).toBe(404);
    expect((await call(`/api/expenses/related-entity?type=0&id=${demo.customers}`, { cookie: owner })).status).toBe(
      404,
    );
    for (const type of [0, 1, 2, 3]) {
      const found = await call(`/api/expenses/search-related-entities?entityType=${type}&limit=50`, { cookie: owner });
      const ids = (await dataOf<{ id: number }[]>(found)).map((r) => r.id);
      // The owner's company has only its owner: no record of the demo company comes back.
      if (type === 3) expect(ids).toHaveLength(1);
      else expect(ids).toEqual([]);
    }
    const created = await call("/api/expenses", {
      cookie: owner,
      method: "POST",
      body: {
        date: "2026-11-20",
        amount: 5,
        expenseCodeId: codeId,
        employeeId: demo.users,
        relatedEntityType: 1,
        relatedEntityId: demo.jobs,
      },
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({
      errors: {
        expenseCodeId: "Choose one of your expense codes",
        employeeId: "Choose one of your employees",
        relatedEntityId: "Choose one of your jobs",
      },
    });
    const page = await dataOf<{ total: number }>(await call("/api/expenses/page", { cookie: owner }));
    expect(page.total).toBe(0);
    const csv = await (await call("/api/expenses/export-csv", { cookie: owner })).text();
    expect(csv.trim()).toBe("Date,Amount,Expense Code,Description,Employee,Related To,Related Record");
  });

  test("another company's receipt is neither served nor taken as a receipt URL", async () => {
    expect((await call(expense.receiptUrl, { cookie: owner })).status).toBe(404);
    expect((await call(expense.receiptUrl)).status).toBe(404);
    expect((await call(expense.receiptUrl, { cookie: admin })).status).toBe(200);
    for (const receiptUrl of [expense.receiptUrl, "https://evil.example/x.png", "/files/../../etc/passwd"]) {
      const res = await call("/api/expenses", {
        cookie: owner,
        method: "POST",
        body: { date: "2026-11-20", amount: 5, receiptUrl },
      });
      expect(res.status, receiptUrl).toBe(400);
      expect(await res.json()).toEqual({
        errors: { receiptUrl: "The receipt must be an image uploaded for your expenses" },
      });
    }
  });
});

describe("expenses: hostile input", () => {
  test("prototype keys in a JSON body and in a form are dropped, never a 500", async () => {
    const body = `{"date":"2026-11-20","amount":3,"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"description":"proto"}`;
    const res = await call("/api/expenses", { cookie: owner, method: "POST", body });
    expect(res.status).toBe(201);
    const created = await dataOf<{ id: number; description: string; amountCents: number }>(res);
    expect(created).toMatchObject({ description: "proto", amountCents: 300 });
    expect(created).not.toHaveProperty("isAdmin");
    const form = screenForm({
      intent: "save",
      expense: "new",
      date: "2026-11-20",
      amount: "4",
      "__proto__[polluted]": "yes",
      "constructor[prototype][polluted]": "yes",
    });
    const screen = await multipart("/expense-tracking?expense=new", owner, form);
    expect(screen.status).toBe(302);
    const page = await dataOf<{ total: number }>(await call("/api/expenses/page", { cookie: owner }));
    expect(page.total).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a receipt that is not an image is refused by its content, whatever its name", async () => {
    const text = new TextEncoder().encode("<?php echo 'hi'; ?>");
    const res = await receiptUpload(owner, text, "receipt.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: { file: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif." },
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const screen = await multipart(
      "/expense-tracking?expense=new",
      owner,
      screenForm(
        { intent: "save", expense: "new", date: "2026-11-20", amount: "6" },
        new File([svg], "receipt.svg", { type: "image/svg+xml" }),
      ),
    );
    // A browser without JavaScript gets the form again, the message on the receipt field.
    expect(screen.status).toBe(422);
    expect(await screen.text()).toContain("Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.");
  });

  test("a receipt over 10 MB is refused while it streams in", async () => {
    const big = new Uint8Array(10 * MB + 1);
    big.set(png);
    const res = await receiptUpload(owner, big, "huge.png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { file: "The image file size cannot exceed 10 MB." } });
    const screen = await multipart(
      "/expense-tracking?expense=new",
      owner,
      screenForm({ intent: "save", expense: "new", date: "2026-11-20", amount: "7" }, new File([big], "huge.png")),
    );
    expect(screen.status).toBe(422);
    expect(await screen.text()).toContain("The image file size cannot exceed 10 MB.");
    const page = await dataOf<{ total: number }>(await call("/api/expenses/page", { cookie: owner }));
    expect(page.total).toBe(2);
  });
});
