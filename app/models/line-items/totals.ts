/**
 * The totals rule of every document with lines (jobs today; estimates, invoices and service plans
 * later), docs/decisions/jobs-totals.md. Pure and free of server code: the browser's live totals and
 * the server's stored ones come from this one function.
 */

/** What a line brings to the totals: quantity (up to 3 decimals), unit price in cents, taxable or not. */
export type TotalsLine = { quantity: number; unitPriceCents: number; isTaxable: boolean };

/** Totals in cents; `taxableCents` is the taxable lines' share after their part of the discount. */
export type Totals = {
  subtotalCents: number;
  discountCents: number;
  taxableCents: number;
  taxCents: number;
  totalCents: number;
  lineAmounts: number[];
};

/** quantity x unit price to the cent, half away from zero (quantity has at most 3 decimals). */
export function lineAmountCents(quantity: number, unitPriceCents: number): number {
  const milli = Math.round(quantity * 1000);
  const product = milli * unitPriceCents;
  return Math.sign(product) * Math.round(Math.abs(product) / 1000);
}

/**
 * subtotal = sum of line amounts; the discount is capped at the subtotal; tax = rate x (taxable lines
 * minus their proportional share of the discount); every rounding is to the cent, half up;
 * total = subtotal - discount + tax. The rate is in basis points (8.25% = 825).
 */
export function computeTotals(
  lines: ReadonlyArray<TotalsLine>,
  discountCents: number,
  taxRateBasisPoints: number,
): Totals {
  const lineAmounts = lines.map((l) => lineAmountCents(l.quantity, l.unitPriceCents));
  const subtotalCents = lineAmounts.reduce((a, b) => a + b, 0);
  const taxableLinesCents = lineAmounts.reduce((sum, amount, i) => (lines[i].isTaxable ? sum + amount : sum), 0);
  const discount = Math.max(0, Math.min(discountCents, subtotalCents));
  const taxableDiscount = subtotalCents === 0 ? 0 : Math.round((discount * taxableLinesCents) / subtotalCents);
  const taxableCents = taxableLinesCents - taxableDiscount;
  const taxCents = Math.round((taxableCents * taxRateBasisPoints) / 10000);
  return {
    subtotalCents,
    discountCents: discount,
    taxableCents,
    taxCents,
    totalCents: subtotalCents - discount + taxCents,
    lineAmounts,
  };
}
