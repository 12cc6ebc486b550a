import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { servicePlanSchema } from "~/models/service-plans/plans.schema";
import { createServicePlan } from "~/models/service-plans/plans.server";

/**
 * Two plans the demo company offers, through the plans model (visits with price book lines): a
 * yearly comfort club with a spring and a fall tune-up paid monthly, and quarterly filter care until
 * cancelled, invoiced after each visit.
 */
export async function seedOfferedPlans(admin: CallerContext): Promise<number[]> {
  const names = ["AC tune-up", "Furnace tune-up", "Air filter 16x25x1 MERV 11"];
  const items = await db
    .select({
      id: priceListItems.id,
      name: priceListItems.name,
      priceCents: priceListItems.priceCents,
      costCents: priceListItems.costCents,
    })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, admin.companyId), inArray(priceListItems.name, names)));
  const line = (name: string, fallbackDollars: number, quantity = 1) => {
    const item = items.find((i) => i.name === name);
    return {
      name,
      quantity,
      unitPrice: item ? item.priceCents / 100 : fallbackDollars,
      cost: item ? item.costCents / 100 : 0,
      priceListItemId: item?.id,
      isTaxable: name.startsWith("Air filter"),
    };
  };
  const plans = [
    {
      name: "Comfort Club",
      description: "A spring cooling tune-up and a fall heating tune-up every year, with priority scheduling.",
      totalPrice: 358.8,
      durationInYears: 1,
      paymentSchedule: 3,
      chargeMode: 0,
      invoiceTiming: 1,
      taxRate: 0,
      visits: [
        { visitDescription: "Spring AC tune-up", lineItems: [line("AC tune-up", 129)] },
        { visitDescription: "Fall furnace tune-up", lineItems: [line("Furnace tune-up", 119)] },
      ],
    },
    {
      name: "Filter Care",
      description: "A new filter and a quick system check every three months.",
      totalPrice: 240,
      durationInYears: null,
      paymentSchedule: 5,
      chargeMode: 1,
      invoiceTiming: 0,
      taxRate: 7.25,
      visits: Array.from({ length: 4 }, (_, i) => ({
        visitDescription: `Quarterly filter change ${i + 1} of 4`,
        lineItems: [line("Air filter 16x25x1 MERV 11", 24.5)],
      })),
    },
  ];
  const ids: number[] = [];
  for (const plan of plans) ids.push((await createServicePlan(admin, servicePlanSchema.parse(plan))).id);
  return ids;
}
