import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

export { dayjs };

/** Currency with a dollar sign and 2 decimals, from cents. */
export function formatMoney(cents: number | null | undefined): string {
  const value = (cents ?? 0) / 100;
  const sign = value < 0 ? "-" : "";
  // One formatter for every amount (toLocaleString with options builds one per call, 18 µs each),
  // kept on the function itself: the estimate page's inline script carries this function's text alone.
  const own = formatMoney as { amount?: Intl.NumberFormat };
  own.amount ??= new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${sign}$${own.amount.format(Math.abs(value))}`;
}

export const DATE_LONG = "MMM Do, YYYY";
export const DATE_SHORT = "MMM DD, YYYY";
export const TIME = "hh:mm a";
export const DATE_INPUT_DISPLAY = "MM/DD/YY";
export const DATE_INPUT_STORE = "YYYY-MM-DD";

/** Shows a UTC instant in the company's time zone. */
export function formatInZone(
  instant: Date | string | null | undefined,
  tz: string,
  format = `${DATE_LONG} ${TIME}`,
): string {
  if (!instant) return "";
  return dayjs(instant).tz(tz).format(format);
}

/** Parses the spec's free time text 'h[:mm] am|pm' into minutes after midnight, or null. */
export function parseTimeText(text: string): number | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*$/i.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const h24 = (hour % 12) + (m[3].toLowerCase() === "pm" ? 12 : 0);
  return h24 * 60 + minute;
}

/** Minutes after midnight as the stored 'hh:mm am' form. */
export function formatTimeText(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const mm = String(minutes % 60).padStart(2, "0");
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, "0")}:${mm} ${h24 < 12 ? "am" : "pm"}`;
}
