import { labelledEnum } from "~/utils/labelled-enum";
import { dayjs } from "~/utils/format";
import { fromFloating, toFloating } from "~/models/jobs/job-recurrence";

/**
 * The arithmetic of a service plan's terms (spec part 2 section 9), shared by the plan form (shown
 * while editing), the public page and the background run: how many payments, how much each, when
 * each billing period and each visit falls. Pure: no database, safe in the browser.
 * See docs/decisions/058-service-plans.md.
 */

const schedules = labelledEnum({
  Weekly: [0, "Weekly"],
  EveryTwoWeeks: [1, "Every 2 weeks"],
  EveryFourWeeks: [2, "Every 4 weeks"],
  Monthly: [3, "Monthly"],
  EveryTwoMonths: [4, "Every 2 months"],
  EveryThreeMonths: [5, "Every 3 months"],
  EverySixMonths: [6, "Every 6 months"],
  Yearly: [7, "Yearly"],
});
export const PaymentSchedule = schedules.values;
export type PaymentScheduleValue = (typeof PaymentSchedule)[keyof typeof PaymentSchedule];
export const paymentScheduleLabels = schedules.labels;
export const PAYMENT_SCHEDULES = schedules.all;

/** How far apart two payments of a schedule are; a year has 52 weeks or 12 months (spec). */
const RHYTHM: Record<PaymentScheduleValue, { unit: "week" | "month"; step: number }> = {
  0: { unit: "week", step: 1 },
  1: { unit: "week", step: 2 },
  2: { unit: "week", step: 4 },
  3: { unit: "month", step: 1 },
  4: { unit: "month", step: 2 },
  5: { unit: "month", step: 3 },
  6: { unit: "month", step: 6 },
  7: { unit: "month", step: 12 },
};

export function paymentsPerYear(schedule: PaymentScheduleValue): number {
  const { unit, step } = RHYTHM[schedule];
  return (unit === "week" ? 52 : 12) / step;
}

/** Plan durations in months; null is "Until cancelled". */
export const PLAN_DURATIONS = [
  { months: 12, label: "1 year" },
  { months: 18, label: "1.5 years" },
  { months: 24, label: "2 years" },
  { months: 36, label: "3 years" },
  { months: null, label: "Until cancelled" },
] as const;
export type PlanDurationMonths = (typeof PLAN_DURATIONS)[number]["months"];

/** Spec "Plan charging: automatic or manual" and "Plan acceptance modes", numbered in listed order. */
const chargeModes = labelledEnum({ Automatic: [0, "Automatic"], Manual: [1, "Manual"] });
export const ChargeMode = chargeModes.values;
export const chargeModeLabels = chargeModes.labels;

/** When billing starts: after the first visit's job is finished, or on a specific date and time. */
const invoiceTimings = labelledEnum({
  AfterFirstVisit: [0, "After the job is finished"],
  OnDate: [1, "On a specific date and time"],
});
export const InvoiceTiming = invoiceTimings.values;
export const invoiceTimingLabels = invoiceTimings.labels;

const acceptanceModes = labelledEnum({
  WithCustomer: [0, "Accept with customer"],
  SendToCustomer: [1, "Send to customer"],
  ForCustomer: [2, "Accept for customer"],
});
export const AcceptanceMode = acceptanceModes.values;
export const acceptanceModeLabels = acceptanceModes.labels;

/** Spec "Service plan status": pending 0, active 1, cancelled 4. */
const planStatuses = labelledEnum({ Pending: [0, "Pending"], Active: [1, "Active"], Cancelled: [4, "Cancelled"] });
export const PlanStatus = planStatuses.values;
export const planStatusLabels = planStatuses.labels;

/**
 * Payments over the duration: the periods that start before the plan ends (a 1.5-year yearly plan
 * pays twice). Until cancelled: null (no end); prices are then per year.
 */
export function paymentCount(schedule: PaymentScheduleValue, durationMonths: number | null): number | null {
  if (durationMonths === null) return null;
  return Math.ceil((paymentsPerYear(schedule) * durationMonths) / 12);
}

export type PaymentAmounts = { count: number | null; perPaymentCents: number; lastPaymentCents: number };

/**
 * Per-payment price = total / number of payments, to the cent; the last payment takes the
 * remainder so the payments add up to the total exactly. Until cancelled, the total is the price of
 * one year and every payment is the per-payment price (a year's payments may differ from the yearly
 * price by the rounding, which is the customer's to see on the form).
 */
export function paymentAmounts(
  totalCents: number,
  schedule: PaymentScheduleValue,
  durationMonths: number | null,
): PaymentAmounts {
  const count = paymentCount(schedule, durationMonths);
  const divisor = count ?? paymentsPerYear(schedule);
  const perPaymentCents = Math.round(totalCents / divisor);
  const lastPaymentCents = count === null ? perPaymentCents : totalCents - perPaymentCents * (count - 1);
  return { count, perPaymentCents, lastPaymentCents };
}

/** The amount of billing period `period` (0-based). */
export function periodAmountCents(
  terms: { totalPriceCents: number; paymentSchedule: PaymentScheduleValue; durationMonths: number | null },
  period: number,
): number {
  const amounts = paymentAmounts(terms.totalPriceCents, terms.paymentSchedule, terms.durationMonths);
  return amounts.count !== null && period === amounts.count - 1 ? amounts.lastPaymentCents : amounts.perPaymentCents;
}

/** Whether billing period `period` exists (a plan with a duration has `count` of them). */
export function hasPeriod(
  terms: { paymentSchedule: PaymentScheduleValue; durationMonths: number | null },
  period: number,
) {
  const count = paymentCount(terms.paymentSchedule, terms.durationMonths);
  return period >= 0 && (count === null || period < count);
}

/**
 * The instant billing period `period` falls due: the billing start moved on by whole steps in the
 * plan's time zone, each counted from the start (a plan billed on the 31st bills on the 30th in
 * April and on the 31st again in May).
 */
export function billingDate(
  billingStartAt: Date,
  timezone: string,
  schedule: PaymentScheduleValue,
  period: number,
): Date {
  const { unit, step } = RHYTHM[schedule];
  // Counted on the wall clock (floating, as a job series is), then placed back in the plan's zone:
  // 09:00 stays 09:00 across daylight saving. Due to the second: the start's milliseconds are dropped.
  const wall = toFloating(billingStartAt, timezone);
  wall.setUTCMilliseconds(0);
  const steps = period * step;
  if (unit === "week") wall.setUTCDate(wall.getUTCDate() + steps * 7);
  else {
    // A month without the start's day takes its last day (the 31st bills on the 30th in April).
    const day = wall.getUTCDate();
    wall.setUTCDate(1);
    wall.setUTCMonth(wall.getUTCMonth() + steps);
    const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
    wall.setUTCDate(Math.min(day, lastDay));
  }
  return fromFloating(wall, timezone);
}

/** Visits over the duration: those that fall before the plan ends; null until cancelled. */
export function visitCount(visitsPerYear: number, durationMonths: number | null): number | null {
  if (durationMonths === null) return null;
  return Math.ceil((visitsPerYear * durationMonths) / 12);
}

/**
 * The date (YYYY-MM-DD) of visit `visit` (0-based over the plan's life), counted from the sale date:
 * year by year, a year's visits evenly apart (by months when they divide the year, else by days).
 */
export function visitDate(startDate: string, visitsPerYear: number, visit: number): string {
  const year = Math.floor(visit / visitsPerYear);
  const inYear = visit % visitsPerYear;
  const yearStart = dayjs(startDate).add(year * 12, "month");
  const date =
    12 % visitsPerYear === 0
      ? yearStart.add((inYear * 12) / visitsPerYear, "month")
      : yearStart.add(Math.round((inYear * 365) / visitsPerYear), "day");
  return date.format("YYYY-MM-DD");
}

/** The price table the plan form shows while editing: every schedule with its payments. */
export function priceTable(totalCents: number, durationMonths: number | null) {
  return PAYMENT_SCHEDULES.map((schedule) => ({
    schedule,
    label: paymentScheduleLabels[schedule],
    ...paymentAmounts(totalCents, schedule, durationMonths),
  }));
}

/**
 * When a sold plan's billing period `period` is due: counted from its billing start, which is the
 * date of period `billingAnchorPeriod` (0, or the next period when the office moved the billing date).
 */
export function periodDueAt(
  plan: {
    billingStartAt: Date;
    billingAnchorPeriod: number;
    timezone: string;
    paymentSchedule: PaymentScheduleValue;
  },
  period: number,
): Date {
  return billingDate(plan.billingStartAt, plan.timezone, plan.paymentSchedule, period - plan.billingAnchorPeriod);
}
