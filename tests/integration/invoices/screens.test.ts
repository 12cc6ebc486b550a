import { describe, expect, it } from "vitest";
import { jobCreateSchema, JobStatus } from "~/models/jobs/jobs.schema";
import { createJob, getJob, updateJobStatus } from "~/models/jobs/jobs.server";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { getInvoice, listInvoicesPage } from "~/models/invoices/invoices.server";
import { loader as listLoader } from "~/routes/_app+/invoices+/_index";
import { action as newAction } from "~/routes/_app+/invoices+/new";
import { action as editAction, loader as editLoader } from "~/routes/_app+/invoices+/$invoiceId_.edit";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/invoices+/$invoiceId";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, jobsFixture, run } from "../jobs/fixtures";

useTestDatabase();

const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };

describe("invoice screens without JavaScript", () => {
  it("creates from a finished job, records a payment once per form token, refuses above the balance, pays the job", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const { id: jobId } = await createJob(
      f.admin,
      jobCreateSchema.parse({
        customerId: f.customerId,
        startTime: "2030-05-01T13:00:00Z",
        lineItems: [{ name: "Tune-up", unitPrice: "90" }],
      }),
    );
    await updateJobStatus(f.admin, { jobId, status: JobStatus.Finished });
    const created = await run(newAction, "/invoices/new", {
      cookie,
      ...formPost({ intent: "fromJob", jobId: String(jobId) }),
    });
    expect(created.status).toBe(302);
    const id = Number(/\/invoices\/(\d+)$/.exec(created.headers.get("Location")!)![1]);
    const again = await run(newAction, "/invoices/new", {
      cookie,
      ...formPost({ intent: "fromJob", jobId: String(jobId) }),
    });
    expect(again.headers.get("Location")).toBe(`/invoices/${id}`);

    const pay = (amount: string, token: string) =>
      run(
        detailsAction,
        `/invoices/${id}`,
        { cookie, ...formPost({ intent: "pay", method: "1", amount, note: "Check 7", idempotencyKey: token }) },
        { invoiceId: String(id) },
      );
    expect((await pay("40", "token-aaaa-0001")).status).toBe(302);
    expect((await pay("40", "token-aaaa-0001")).status).toBe(302);
    expect((await getInvoice(f.admin, id))!.paidCents).toBe(4000);
    const over = await pay("50.01", "token-bbbb-0002");
    expect(over.status).toBe(400);
    expect(((await over.json()) as { errors: Record<string, string> }).errors.amount).toMatch(/balance/);
    const bad = await pay("abc", "token-cccc-0003");
    expect(bad.status).toBe(400);
    expect((await pay("50", "token-dddd-0004")).status).toBe(302);
    expect(await getInvoice(f.admin, id)).toMatchObject({ status: InvoiceStatus.Paid, balanceCents: 0 });
    expect((await getJob(f.admin, jobId))!.status).toBe(JobStatus.Paid);
    // A paid invoice is not edited.
    const edit = await run(editLoader, `/invoices/${id}/edit`, { cookie }, { invoiceId: String(id) });
    expect(edit.status).toBe(302);
  });

  it("makes an invoice by hand, edits it, filters the list; a field tech gets 403, another company 404", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const created = await run(newAction, `/invoices/new?customerId=${f.customerId}`, {
      cookie,
      ...formPost({
        intent: "save",
        customerId: String(f.customerId),
        issueDate: "2030-01-10",
        "lineItems[0].name": "Gutter cleaning",
        "lineItems[0].unitPrice": "150",
        "lineItems[0].quantity": "2",
      }),
    });
    expect(created.status).toBe(302);
    const [row] = (await listInvoicesPage(f.admin, { paging })).items;
    expect(row).toMatchObject({ totalCents: 30000, dueDate: "2030-02-09" });
    // The edit form sends the whole invoice again, its line included.
    const saveEdit = (fields: Record<string, string>) =>
      run(
        editAction,
        `/invoices/${row.id}/edit`,
        {
          cookie,
          ...formPost({
            intent: "save",
            ...fields,
            "lineItems[0].name": "Gutter cleaning",
            "lineItems[0].unitPrice": "150",
          }),
        },
        { invoiceId: String(row.id) },
      );
    const refused = await saveEdit({ issueDate: "2030-01-10", dueDate: "2030-01-01" });
    expect(refused.status).toBe(400);
    const saved = await saveEdit({ discount: "20" });
    expect(saved.status).toBe(302);
    expect((await getInvoice(f.admin, row.id))!.totalCents).toBe(13000);

    const list = await run(listLoader, "/invoices?status=0&q=gutter", { cookie });
    expect(list.status).toBe(200);
    const techCookie = await sessionCookie(f.techId);
    expect((await run(listLoader, "/invoices", { cookie: techCookie })).status).toBe(403);
    const foreign = await run(
      detailsLoader,
      `/invoices/${row.id}`,
      { cookie: await sessionCookie(other.adminId) },
      { invoiceId: String(row.id) },
    );
    expect(foreign.status).toBe(404);
  });
});
