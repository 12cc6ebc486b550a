import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customerAddresses, customers } from "./customers";
import { jobs } from "./jobs";
import { customerServicePlans } from "./service-plans";
import { companyKey, companyRow, createdByUserId, lineItemColumns } from "./refs";

const invoiceId = () => ownedBy("invoice_id", () => invoices.id);
const invoiceRow = () => ({ ...companyRow(), invoiceId: invoiceId() });

/**
 * A bill to a customer, from a finished job or made by hand. status (spec "Invoice status"):
 * 0 not sent, 1 sent, 2 paid, 5 uncollectible. Money in cents, computed on the server with the
 * line-items module, like jobs.
 */
export const invoices = pgTable(
  "invoices",
  {
    ...companyRow(),
    /** Per company, from 1, without gaps (invoice_counts.last_number, taken in the creating transaction). */
    number: integer("number").notNull(),
    customerId: ownedBy("customer_id", () => customers.id),
    customerAddressId: setNullRef("customer_address_id", () => customerAddresses.id),
    location: text("location"),
    unitNumber: text("unit_number"),
    /** The job it bills (at most one open invoice per job). */
    jobId: setNullRef("job_id", () => jobs.id),
    /** The sold service plan it bills and which of its billing periods (0, 1, ...): each period once. */
    customerServicePlanId: setNullRef("customer_service_plan_id", () => customerServicePlans.id),
    billingPeriod: integer("billing_period"),
    status: integer("status").notNull().default(0),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** The company's message on invoice when it was made (editable per invoice). */
    message: text("message"),
    privateNotes: text("private_notes"),
    taxRate: integer("tax_rate").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    /** Unguessable token of the customer's invoice and payment page. */
    publicToken: text("public_token").notNull(),
    sentAt: tz("sent_at"),
    sentChannel: integer("sent_channel"),
    paidAt: tz("paid_at"),
    uncollectibleAt: tz("uncollectible_at"),
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => invoices.searchText),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_public_token_unique").on(t.publicToken),
    uniqueIndex("invoices_company_number_unique").on(t.companyId, t.number),
    uniqueIndex("invoices_job_unique")
      .on(t.jobId)
      .where(sql`${t.jobId} is not null and ${t.status} <> 5`),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("invoices_company_status_due_idx").on(t.companyId, t.status, t.dueDate, t.id),
    index("invoices_company_number_idx").on(t.companyId, t.number),
    index("invoices_company_due_idx").on(t.companyId, t.dueDate, t.id),
    // The reports' breakdowns read one range of issue dates.
    index("invoices_company_issue_idx").on(t.companyId, t.issueDate, t.id),
    index("invoices_company_total_idx").on(t.companyId, t.totalCents, t.id),
    index("invoices_company_customer_created_idx").on(t.companyId, t.customerId, t.createdAt, t.id),
    uniqueIndex("invoices_plan_period_unique")
      .on(t.customerServicePlanId, t.billingPeriod)
      .where(sql`${t.customerServicePlanId} is not null`),
    index("invoices_company_customer_plan_created_idx")
      .on(t.companyId, t.customerId, t.createdAt, t.id)
      .where(sql`${t.customerServicePlanId} is not null`),
    index("invoices_search_idx").using("gin", t.searchVector),
  ],
);

/** Invoices per company (statement triggers, like job_counts) and the last number given. */
export const invoiceCounts = pgTable("invoice_counts", {
  companyId: companyKey(),
  count: integer("count").notNull().default(0),
  lastNumber: integer("last_number").notNull().default(0),
});

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    ...invoiceRow(),
    ...lineItemColumns(),
  },
  (t) => [index("invoice_line_items_invoice_idx").on(t.invoiceId, t.position)],
);

/**
 * Money received against an invoice. method: cash 0, check 1, card 2, other 3. status (spec
 * "Payment status"): 0 paid, 1 autopaid, 2 pending, 5 failed. A card payment names its Stripe
 * objects; the idempotency key (a form's token, a webhook event's payment) makes a double click or
 * a replayed webhook record it once.
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    ...invoiceRow(),
    method: integer("method").notNull(),
    status: integer("status").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    note: text("note"),
    idempotencyKey: text("idempotency_key").notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    recordedByUserId: setNullRef("recorded_by_user_id", () => users.id),
    paidAt: tz("paid_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_payments_key_unique").on(t.companyId, t.idempotencyKey),
    uniqueIndex("invoice_payments_intent_unique").on(t.stripePaymentIntentId),
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.paidAt),
    index("invoice_payments_company_paid_idx").on(t.companyId, t.paidAt),
  ],
);

/**
 * The invoice's history (the activity feed reads it with the jobs' and estimates'), with their
 * columns and the same catalogue of types (invoice sent 13, invoice paid 14, payment recorded 16).
 */
export const invoiceTimelineEvents = pgTable(
  "invoice_timeline_events",
  {
    ...invoiceRow(),
    type: integer("type").notNull(),
    actorType: integer("actor_type").notNull().default(0),
    actorUserId: setNullRef("actor_user_id", () => users.id),
    impersonatorUserId: setNullRef("impersonator_user_id", () => users.id),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status"),
    reason: text("reason"),
    data: jsonb("data").$type<Record<string, unknown> | null>(),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [
    index("invoice_timeline_invoice_at_idx").on(t.invoiceId, t.at, t.id),
    index("invoice_timeline_company_at_idx").on(t.companyId, t.at, t.id),
    index("invoice_timeline_company_type_at_idx").on(t.companyId, t.type, t.at, t.id),
    index("invoice_timeline_company_actor_at_idx").on(t.companyId, t.actorUserId, t.at, t.id),
  ],
);

/** The company's Stripe Connect account (card payments), as Stripe last reported it. */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    companyId: companyKey(),
    stripeAccountId: text("stripe_account_id").notNull(),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payment_accounts_stripe_unique").on(t.stripeAccountId)],
);

/** A customer's saved card on the company's connected account (SetupIntent), for paying later. */
export const savedCards = pgTable(
  "saved_cards",
  {
    ...companyRow(),
    customerId: ownedBy("customer_id", () => customers.id),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripePaymentMethodId: text("stripe_payment_method_id").notNull(),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_cards_method_unique").on(t.stripePaymentMethodId),
    index("saved_cards_customer_idx").on(t.companyId, t.customerId),
  ],
);

/** Stripe webhook events already applied: a replayed or concurrent delivery of the same id does nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  accountId: text("account_id"),
  receivedAt: createdAt(),
});

/**
 * Automatic charges of plan invoices: written in the transaction that creates the invoice (so a
 * crash between the invoice and the charge loses nothing), claimed and sent to Stripe with the
 * idempotency key, so a retry, a restart or a second instance never charges twice.
 * status: pending, charging (claimed), succeeded, failed.
 */
export const servicePlanCharges = pgTable(
  "service_plan_charges",
  {
    ...invoiceRow(),
    customerServicePlanId: ownedBy("customer_service_plan_id", () => customerServicePlans.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["pending", "charging", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: tz("claimed_at"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("service_plan_charges_invoice_unique").on(t.invoiceId),
    uniqueIndex("service_plan_charges_key_unique").on(t.idempotencyKey),
    index("service_plan_charges_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'charging')`),
  ],
);
