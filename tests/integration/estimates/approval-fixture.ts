// A sent estimate for the approval page and the sign call: two options, the first with a regular
// line, a recommended optional line (taxable) and a plain optional one; 8.25% tax, $50 discount.
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { estimateLineItems, estimateOptions, estimates } from "~/db/schema";
import { estimateCreateSchema, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";

export const OPTIONS = [
  {
    name: "Repair",
    lineItems: [
      { name: "Roof repair", quantity: 2, unitPrice: 250, isTaxable: true },
      { name: "Gutter guard", quantity: 1, unitPrice: 120, isTaxable: true, isOptional: true, isRecommended: true },
      { name: "Skylight cleaning", quantity: 1, unitPrice: 80.5, isOptional: true },
    ],
  },
  { name: "Replace", lineItems: [{ name: "New roof", quantity: 1, unitPrice: 9000, isTaxable: true }] },
];

/** Creates the estimate (status 4 set directly: sending is another module's) and reads its ids. */
export async function sentEstimate(f: JobsFixture, status: number = EstimateStatus.Sent) {
  const { id } = await createEstimate(
    f.admin,
    estimateCreateSchema.parse({
      customerId: f.customerId,
      customerAddressId: f.addressId,
      taxRate: 8.25,
      discount: 50,
      message: "Thanks for choosing us",
      options: OPTIONS,
    }),
  );
  await db.update(estimates).set({ status, sentAt: new Date() }).where(eq(estimates.id, id));
  const [estimate] = await db.select().from(estimates).where(eq(estimates.id, id));
  const options = await db
    .select({ id: estimateOptions.id, name: estimateOptions.name })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, id))
    .orderBy(asc(estimateOptions.position));
  const lines = await db
    .select({ id: estimateLineItems.id, name: estimateLineItems.name, optionId: estimateLineItems.optionId })
    .from(estimateLineItems)
    .where(and(eq(estimateLineItems.estimateId, id)));
  const line = (name: string) => lines.find((l) => l.name === name)!.id;
  return {
    id,
    token: estimate.publicToken,
    number: estimate.number,
    repairId: options[0].id,
    replaceId: options[1].id,
    roofId: line("Roof repair"),
    gutterId: line("Gutter guard"),
    skylightId: line("Skylight cleaning"),
    newRoofId: line("New roof"),
  };
}
export type SentEstimate = Awaited<ReturnType<typeof sentEstimate>>;

export const approvalFixture = async () => {
  const f = await jobsFixture();
  return { f, e: await sentEstimate(f) };
};

/** A form post of the approval page (JavaScript off). */
export function pageForm(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
  return form;
}
