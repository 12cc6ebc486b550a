import { describe, expect, it } from "vitest";
import { loader as profileLoader } from "~/routes/_app+/customers+/$id";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import { createInvoice } from "~/models/invoices/invoices.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture } from "../jobs/fixtures";

useTestDatabase();

type Shown = { tab: string; page: { items: { id: number }[]; total: number } };

describe("the customer profile's tabs", () => {
  it("each tab lists the customer's own records; an unknown tab shows the jobs", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const job = await createJob(f.admin, jobCreateSchema.parse({ customerId: f.customerId }));
    const estimate = await createEstimate(
      f.admin,
      estimateCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Roof", unitPrice: "100" }] }),
    );
    const invoice = await createInvoice(
      f.admin,
      invoiceCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Repair", unitPrice: "100" }] }),
    );
    const shown = async (query: string) =>
      (await (
        await runRoute(profileLoader, makeRequest(`/customers/${f.customerId}${query}`, { cookie }), {
          id: String(f.customerId),
        })
      ).json()) as Shown;
    const ids = (s: Shown) => ({ tab: s.tab, ids: s.page.items.map((i) => i.id), total: s.page.total });

    expect(ids(await shown(""))).toEqual({ tab: "jobs", ids: [job.id], total: 1 });
    expect(ids(await shown("?tab=estimates"))).toEqual({ tab: "estimates", ids: [estimate.id], total: 1 });
    expect(ids(await shown("?tab=invoices"))).toEqual({ tab: "invoices", ids: [invoice.id], total: 1 });
    expect(ids(await shown("?tab=subscription-invoices"))).toEqual({
      tab: "subscription-invoices",
      ids: [],
      total: 0,
    });
    expect(ids(await shown("?tab=nothing"))).toEqual({ tab: "jobs", ids: [job.id], total: 1 });
  });
});
