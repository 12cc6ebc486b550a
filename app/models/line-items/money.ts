import { z } from "zod";
import { messages } from "~/utils/validation";

/** Money is kept in integer cents and tax rates in basis points (8.25% = 825); forms and the API speak dollars and percent. */
export const MONEY_MAX_CENTS = 100_000_000_00;
export const TAX_RATE_MAX = 100;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Dollars as typed ("$1,250.5", 12.5) to integer cents, rounded to the cent. */
const moneyBase = (label: string) =>
  z
    .union([z.number(), z.string().trim()], {
      required_error: messages.required(label),
      invalid_type_error: messages.required(label),
    })
    .transform((v, ctx) => {
      const text = typeof v === "number" ? String(v) : v.replace(/[$,\s]/g, "");
      if (!/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(text) || !Number.isFinite(Number(text))) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      const cents = Math.round(Number(text) * 100);
      if (cents < 0) {
        ctx.addIssue({ code: "custom", message: messages.numberMin(label, 0) });
        return z.NEVER;
      }
      if (cents > MONEY_MAX_CENTS) {
        ctx.addIssue({ code: "custom", message: `${label} is too large` });
        return z.NEVER;
      }
      return cents;
    });

/** Money typed in dollars ("12.5", 12.5) to integer cents, required. */
export const requiredMoneyField = (label: string) => z.preprocess(blank, moneyBase(label));
/** Money typed in dollars to integer cents; blank is undefined. */
export const moneyField = (label: string) => z.preprocess(blank, moneyBase(label).optional());

/** A tax rate typed in percent ("8.25", "8.25%") to basis points; blank is 0. */
export const taxRateField = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? 0 : typeof v === "string" ? Number(v.replace(/[%\s]/g, "")) : v),
  z
    .number({ invalid_type_error: "Tax rate must be a number" })
    .refine((n) => Number.isFinite(n), "Tax rate must be a number")
    .refine((n) => n >= 0, messages.numberMin("Tax rate", 0))
    .refine((n) => n <= TAX_RATE_MAX, `Tax rate must be less than or equal to ${TAX_RATE_MAX}`)
    .transform((n) => Math.round(n * 100)),
);

/** Cents as the API's dollars (1250 -> 12.5). */
export const centsToDollars = (cents: number) => cents / 100;
/** Cents as a form field's dollars, two decimals (1250 -> "12.50"). */
export const dollarsInput = (cents: number) => (cents / 100).toFixed(2);
/** Basis points as the API's percent (825 -> 8.25). */
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;
