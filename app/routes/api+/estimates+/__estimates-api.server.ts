import type { CallerContext } from "~/access/access.server";
import { getEstimate, type EstimateDetails } from "~/models/estimates/estimates.server";
import { basisPointsToPercent, centsToDollars } from "~/models/line-items/money";

type ApiOption = EstimateDetails["options"][number];

/** An option in the spec's units (unitPrice and cost in dollars), so a read option can be sent back to PUT. */
export function optionForApi(option: ApiOption) {
  return {
    ...option,
    lineItems: option.lineItems.map((l) => ({
      ...l,
      unitPrice: centsToDollars(l.unitPriceCents),
      ...(l.costCents === undefined ? {} : { cost: centsToDollars(l.costCents) }),
    })),
  };
}

/**
 * GET estimates/{id} in the spec's names and units (estimateStatus, taxRate in percent, discount in
 * dollars); the cents fields stay for display. A field tech's copy has no cost.
 */
export function estimateForApi(estimate: EstimateDetails) {
  return {
    ...estimate,
    estimateStatus: estimate.status,
    taxRate: basisPointsToPercent(estimate.taxRate),
    discount: centsToDollars(estimate.discountCents),
    options: estimate.options.map(optionForApi),
  };
}

/** The company's estimate as GET estimates/{id} answers it, or null. */
export async function findEstimateForApi(ctx: CallerContext, id: number) {
  const estimate = await getEstimate(ctx, id);
  return estimate && estimateForApi(estimate);
}
