import { z } from "zod";
import { AcceptanceMode } from "~/models/service-plans/plan-terms";
import { messages } from "~/utils/validation";

/**
 * The forms of selling and running a plan (the assign page, the customer's page, the sold plan's
 * page), shared by the forms and their actions. Spec part 2 section 9; docs/decisions/058-service-plans.md.
 */

export const SIGNER_NAME_MAX = 120;

export const sellMessages = {
  property: "Choose a property",
  plan: "Choose a plan",
  startDate: "Choose the start date",
  billingStart: "Choose the first billing date and time",
  acceptanceMode: "Choose how the customer accepts",
  signerName: "Type the customer's name to sign",
  channel: "Choose how to send the link",
  card: "Choose one of the customer's saved cards",
} as const;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = (message: string) =>
  z.coerce
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .positive(message)
    .max(2_147_483_647, message);

/** A request token the form carries (a double submit sends the same one). */
const requestToken = z.preprocess(blank, z.string().max(100).optional());
const channel = z.preprocess(
  blank,
  z.coerce
    .number({ required_error: sellMessages.channel, invalid_type_error: sellMessages.channel })
    .int(sellMessages.channel)
    .refine((n) => n === 1 || n === 2 || n === 3, sellMessages.channel),
);
const signerName = z
  .string({ required_error: sellMessages.signerName, invalid_type_error: sellMessages.signerName })
  .trim()
  .min(1, sellMessages.signerName)
  .max(SIGNER_NAME_MAX, messages.max("Name", SIGNER_NAME_MAX));

const calendarDate = z
  .string({ required_error: sellMessages.startDate, invalid_type_error: sellMessages.startDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, sellMessages.startDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), sellMessages.startDate);

/** A wall-clock date and time of the company's zone, as a datetime-local field posts it. */
export const wallDateTimeField = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), message);

const sale = {
  customerId: id("Choose a customer"),
  customerAddressId: id(sellMessages.property),
  servicePlanId: id(sellMessages.plan),
  startDate: calendarDate,
  /** Only read for plans billed "on a specific date and time". */
  billingStart: z.preprocess(blank, wallDateTimeField(sellMessages.billingStart).optional()),
  requestToken,
};

/** The assign page's form: the sale, and what its acceptance mode needs. */
export const sellPlanSchema = z.discriminatedUnion("acceptanceMode", [
  z.object({
    ...sale,
    acceptanceMode: z.literal(String(AcceptanceMode.WithCustomer)).transform(() => AcceptanceMode.WithCustomer),
    signerName,
    /** Drawn on the staff's screen (PNG or JPEG data URL), checked and stored by the action. */
    signature: z.preprocess(blank, z.string().max(300_000).optional()),
  }),
  z.object({
    ...sale,
    acceptanceMode: z.literal(String(AcceptanceMode.SendToCustomer)).transform(() => AcceptanceMode.SendToCustomer),
    channel,
  }),
  z.object({
    ...sale,
    acceptanceMode: z.literal(String(AcceptanceMode.ForCustomer)).transform(() => AcceptanceMode.ForCustomer),
    /** A saved card of the customer; empty: invoices are sent instead. */
    paymentMethodId: z.preprocess(blank, z.string().max(200).optional()),
  }),
]);
export type SellPlanInput = z.infer<typeof sellPlanSchema>;

/** The acceptance mode alone, with its message (a discriminated union reports an unknown one in its own words). */
export const acceptanceModeField = z.enum(
  [String(AcceptanceMode.WithCustomer), String(AcceptanceMode.SendToCustomer), String(AcceptanceMode.ForCustomer)],
  { errorMap: () => ({ message: sellMessages.acceptanceMode }) },
);

/** The customer's page: accept by typing the name (and drawing, with JavaScript). */
export const acceptPlanSchema = z.object({
  name: z
    .string({ required_error: "Type your name to accept", invalid_type_error: "Type your name to accept" })
    .trim()
    .min(1, "Type your name to accept")
    .max(SIGNER_NAME_MAX, messages.max("Name", SIGNER_NAME_MAX)),
  signature: z.preprocess(blank, z.string().max(300_000).optional()),
});
export type AcceptPlanInput = z.infer<typeof acceptPlanSchema>;

/** The public token of a sold plan (base64url, as newPublicToken makes them). */
export const planTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** The sold plan page's forms. */
export const resendLinkSchema = z.object({ channel, requestToken });
export const billingDateSchema = z.object({
  billingDate: wallDateTimeField("Choose the new billing date and time"),
});

/** Sold plans list: sortable on the indexed columns. */
export const CUSTOMER_PLAN_SORT_FIELDS = ["createdAt", "name", "customerName", "status"] as const;
export type CustomerPlanSortField = (typeof CUSTOMER_PLAN_SORT_FIELDS)[number];
