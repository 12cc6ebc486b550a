import { describe, expect, it } from "vitest";
import {
  billingDate,
  PAYMENT_SCHEDULES,
  PLAN_DURATIONS,
  paymentAmounts,
  paymentCount,
  periodAmountCents,
  priceTable,
  visitCount,
  visitDate,
} from "~/models/service-plans/plan-terms";

// Payments per schedule over 1, 1.5, 2 and 3 years (52 weeks or 12 months a year, a started period pays).
const COUNTS: Record<number, Record<number, number>> = {
  0: { 12: 52, 18: 78, 24: 104, 36: 156 },
  1: { 12: 26, 18: 39, 24: 52, 36: 78 },
  2: { 12: 13, 18: 20, 24: 26, 36: 39 },
  3: { 12: 12, 18: 18, 24: 24, 36: 36 },
  4: { 12: 6, 18: 9, 24: 12, 36: 18 },
  5: { 12: 4, 18: 6, 24: 8, 36: 12 },
  6: { 12: 2, 18: 3, 24: 4, 36: 6 },
  7: { 12: 1, 18: 2, 24: 2, 36: 3 },
};

describe("service plan price table", () => {
  it("counts the payments of every schedule and duration", () => {
    for (const schedule of PAYMENT_SCHEDULES)
      for (const { months } of PLAN_DURATIONS)
        expect(paymentCount(schedule, months)).toBe(months === null ? null : COUNTS[schedule][months]);
  });

  it("rounds each payment to the cent and puts the remainder on the last, so the sum is the total", () => {
    for (const total of [1, 99, 100, 1000_00, 1234_57, 999_999_99])
      for (const schedule of PAYMENT_SCHEDULES)
        for (const { months } of PLAN_DURATIONS) {
          const { count, perPaymentCents, lastPaymentCents } = paymentAmounts(total, schedule, months);
          if (count === null) {
            expect(lastPaymentCents).toBe(perPaymentCents);
            continue;
          }
          expect(perPaymentCents * (count - 1) + lastPaymentCents).toBe(total);
          expect(Math.abs(lastPaymentCents - perPaymentCents)).toBeLessThanOrEqual(Math.ceil(count / 2));
          let sum = 0;
          for (let period = 0; period < count; period++)
            sum += periodAmountCents(
              { totalPriceCents: total, paymentSchedule: schedule, durationMonths: months },
              period,
            );
          expect(sum).toBe(total);
        }
  });

  it("shows the per-payment prices of a $1,200.00 two-year plan", () => {
    expect(
      priceTable(1200_00, 24).map((row) => [row.label, row.count, row.perPaymentCents, row.lastPaymentCents]),
    ).toEqual([
      ["Weekly", 104, 1154, 1138],
      ["Every 2 weeks", 52, 2308, 2292],
      ["Every 4 weeks", 26, 4615, 4625],
      ["Monthly", 24, 5000, 5000],
      ["Every 2 months", 12, 10000, 10000],
      ["Every 3 months", 8, 15000, 15000],
      ["Every 6 months", 4, 30000, 30000],
      ["Yearly", 2, 60000, 60000],
    ]);
  });

  it("prices an until-cancelled plan per year", () => {
    expect(paymentAmounts(600_00, 3, null)).toEqual({ count: null, perPaymentCents: 5000, lastPaymentCents: 5000 });
    expect(paymentAmounts(100_00, 2, null)).toEqual({ count: null, perPaymentCents: 769, lastPaymentCents: 769 });
  });
});

describe("service plan calendar", () => {
  it("bills on the same wall-clock time across daylight saving and month ends", () => {
    const start = new Date("2026-01-31T14:00:00Z"); // 09:00 in New York
    const zone = "America/New_York";
    expect(billingDate(start, zone, 3, 1).toISOString()).toBe("2026-02-28T14:00:00.000Z");
    expect(billingDate(start, zone, 3, 2).toISOString()).toBe("2026-03-31T13:00:00.000Z");
    expect(billingDate(start, zone, 0, 10).toISOString()).toBe("2026-04-11T13:00:00.000Z");
    expect(billingDate(start, zone, 7, 1).toISOString()).toBe("2027-01-31T14:00:00.000Z");
  });

  it("spreads a year's visits evenly from the sale date", () => {
    expect([0, 1, 2, 3, 4].map((v) => visitDate("2026-03-15", 2, v))).toEqual([
      "2026-03-15",
      "2026-09-15",
      "2027-03-15",
      "2027-09-15",
      "2028-03-15",
    ]);
    expect([0, 1, 2, 5].map((v) => visitDate("2026-01-01", 5, v))).toEqual([
      "2026-01-01",
      "2026-03-15",
      "2026-05-27",
      "2027-01-01",
    ]);
    expect(visitCount(2, 18)).toBe(3);
    expect(visitCount(4, 36)).toBe(12);
    expect(visitCount(1, null)).toBe(null);
  });
});
