// Selling a plan through the screens: a company with an offered plan, its customer with an email,
// and helpers that post the assign form, the customer's page and the sold plan's page as a browser
// without JavaScript would.
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, customerServicePlans, jobs, outboxMessages } from "~/db/schema";
import { servicePlanSchema } from "~/models/service-plans/plans.schema";
import { createServicePlan } from "~/models/service-plans/plans.server";
import { action as assignAction } from "~/routes/_app+/assign-service-plan.($customerId)";
import { action as planAction, loader as planLoader } from "~/routes/_app+/service-plans+/customer-service-plans_.$id";
import { action as pageAction, loader as pageLoader } from "~/routes/_public+/service-plan-details.$token";
import { makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { jobsFixture } from "../jobs/fixtures";

export const form = (fields: Record<string, string>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

/** A company (New York) with an offered plan (2 visits a year, $240 a year billed monthly, on a date). */
export async function sellingFixture(plan: Record<string, unknown> = {}) {
  const f = await jobsFixture();
  await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
  const { id: planId } = await createServicePlan(
    f.admin,
    servicePlanSchema.parse({
      name: "Comfort Club",
      description: "Two tune-ups a year",
      visits: [
        { visitDescription: "Spring tune-up", lineItems: [{ name: "Tune-up", unitPrice: "120" }] },
        { visitDescription: "Fall check", lineItems: [{ name: "Check", unitPrice: "80" }] },
      ],
      totalPrice: "240",
      durationInYears: "1",
      paymentSchedule: "3",
      chargeMode: "1",
      invoiceTiming: "1",
      ...plan,
    }),
  );
  return {
    ...f,
    planId,
    adminCookie: await sessionCookie(f.adminId),
    techCookie: await sessionCookie(f.techId),
  };
}
export type SellingFixture = Awaited<ReturnType<typeof sellingFixture>>;

/** The assign form's fields for the fixture's customer, plan and property. */
export const saleFields = (f: SellingFixture, fields: Record<string, string> = {}) => ({
  customerAddressId: String(f.addressId),
  servicePlanId: String(f.planId),
  startDate: "2026-12-01",
  billingStart: "2026-12-01T09:00",
  acceptanceMode: "1",
  channel: "2",
  requestToken: `sale-${Math.random().toString(36).slice(2, 12)}`,
  ...fields,
});

export const postSale = (
  f: SellingFixture,
  fields: Record<string, string>,
  cookie = f.adminCookie,
  customerId = f.customerId,
) =>
  runRoute(
    assignAction as never,
    makeRequest(`/assign-service-plan/${customerId}`, { method: "POST", cookie, body: form(fields) }),
    { customerId: String(customerId) },
  );

/** The id in the redirect to the sold plan's page. */
export const soldId = (res: Response) =>
  Number(/customer-service-plans\/(\d+)$/.exec(res.headers.get("Location") ?? "")?.[1]);

export const planRow = async (id: number) =>
  (await db.select().from(customerServicePlans).where(eq(customerServicePlans.id, id)))[0];
export const plansOf = (companyId: number) =>
  db.select().from(customerServicePlans).where(eq(customerServicePlans.companyId, companyId));
export const visitJobs = (planId: number) => db.select().from(jobs).where(eq(jobs.customerServicePlanId, planId));
export const outboxOf = (companyId: number) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.companyId, companyId));

export const publicPage = (token: string) =>
  runRoute(pageLoader as never, makeRequest(`/service-plan-details/${token}`), { token });
export const publicPost = (token: string, fields: Record<string, string>) =>
  runRoute(pageAction as never, makeRequest(`/service-plan-details/${token}`, { method: "POST", body: form(fields) }), {
    token,
  });

export const planPage = (id: number, cookie: string, query = "") =>
  runRoute(planLoader as never, makeRequest(`/service-plans/customer-service-plans/${id}${query}`, { cookie }), {
    id: String(id),
  });
export const planPost = (id: number, cookie: string, fields: Record<string, string>) =>
  runRoute(
    planAction as never,
    makeRequest(`/service-plans/customer-service-plans/${id}`, { method: "POST", cookie, body: form(fields) }),
    { id: String(id) },
  );
