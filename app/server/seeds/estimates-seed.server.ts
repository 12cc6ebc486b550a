import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { estimateCreateSchema, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate, updateEstimateStatus } from "~/models/estimates/estimates.server";

const DAY = 24 * 60 * 60_000;

/**
 * A few estimates of the demo company through the estimates model (numbers, options, totals as
 * users get them): two options each from the price book, an optional recommended line, some visits
 * scheduled with the demo field tech, one sent and one approved.
 */
export async function seedEstimates(
  admin: CallerContext,
  options: { customerIds: number[]; techId: number | null; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const items = await db
    .select({ id: priceListItems.id, name: priceListItems.name, priceCents: priceListItems.priceCents })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, admin.companyId)))
    .orderBy(asc(priceListItems.id))
    .limit(6);
  if (items.length < 3 || options.customerIds.length === 0) return 0;
  const line = (i: number, extra: Record<string, unknown> = {}) => ({
    name: items[i % items.length].name,
    unitPrice: items[i % items.length].priceCents / 100,
    priceListItemId: items[i % items.length].id,
    isTaxable: true,
    ...extra,
  });
  let created = 0;
  for (let i = 0; i < 6; i++) {
    const start = i < 3 ? new Date(Math.floor((now.getTime() + (i + 1) * DAY) / 3_600_000) * 3_600_000) : undefined;
    const { id } = await createEstimate(
      admin,
      estimateCreateSchema.parse({
        customerId: options.customerIds[i % options.customerIds.length],
        taxRate: "7.25",
        discount: i % 2 ? "25" : "0",
        startTime: start?.toISOString(),
        employeeIds: start && options.techId ? [options.techId] : [],
        options: [
          { name: "Standard", lineItems: [line(i), line(i + 1, { isOptional: true, isRecommended: true })] },
          { name: "Premium", lineItems: [line(i + 2, { quantity: 2 })] },
        ],
      }),
    );
    if (i >= 4) await updateEstimateStatus(admin, { estimateId: id, status: EstimateStatus.Sent });
    if (i === 5) await updateEstimateStatus(admin, { estimateId: id, status: EstimateStatus.Approved });
    created++;
  }
  return created;
}
