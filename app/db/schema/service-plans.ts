import { type AnyPgColumn, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, lower, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customerAddresses, customers } from "./customers";
import { companyRow, createdByUserId, lineItemColumns } from "./refs";

/**
 * A plan the company offers (plans we offer). Terms in the spec's words (part 2 sections 3 and 9):
 * the total price of the whole duration (until cancelled: of one year), the duration in months
 * (12, 18, 24, 36; null = until cancelled), the payment schedule (weekly 0 ... yearly 7), charging
 * automatic 0 or manual 1, invoice timing (billing starts after the first visit's job is finished 0,
 * or on a specific date and time 1). See docs/decisions/058-service-plans.md.
 */
export const servicePlans = pgTable(
  "service_plans",
  {
    ...companyRow(),
    name: text("name").notNull(),
    description: text("description"),
    totalPriceCents: integer("total_price_cents").notNull(),
    durationMonths: integer("duration_months"),
    paymentSchedule: integer("payment_schedule").notNull(),
    chargeMode: integer("charge_mode").notNull().default(0),
    invoiceTiming: integer("invoice_timing").notNull().default(1),
    /** Tax rate in basis points on the plan's payments (8.25% = 825). */
    taxRate: integer("tax_rate").notNull().default(0),
    /** Archived plans are no longer offered; plans already sold keep their own copy of the terms. */
    archivedAt: tz("archived_at"),
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => servicePlans.searchText),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("service_plans_company_name_unique")
      .on(t.companyId, lower(t.name))
      .where(sql`${t.archivedAt} is null`),
    index("service_plans_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("service_plans_company_name_idx").on(t.companyId, t.name, t.id),
    index("service_plans_search_idx").using("gin", t.searchVector),
  ],
);

/** One of a plan's visits in a year (position 0 .. visits per year - 1), with its visit description. */
export const servicePlanVisits = pgTable(
  "service_plan_visits",
  {
    ...companyRow(),
    servicePlanId: ownedBy("service_plan_id", () => servicePlans.id),
    position: integer("position").notNull(),
    visitDescription: text("visit_description"),
  },
  (t) => [uniqueIndex("service_plan_visits_position_unique").on(t.servicePlanId, t.position)],
);

/** The work of one plan visit: copied to the visit's job (the plan's payments bill it, not the job). */
export const servicePlanVisitLineItems = pgTable(
  "service_plan_visit_line_items",
  {
    ...companyRow(),
    visitId: ownedBy("visit_id", () => servicePlanVisits.id),
    ...lineItemColumns(),
  },
  (t) => [index("service_plan_visit_line_items_visit_idx").on(t.visitId, t.position)],
);

/** A line of a sold plan's copy of its visits (the terms the customer accepted). */
export type SoldPlanVisitLine = {
  kind: number;
  name: string;
  description: string | null;
  quantity: string;
  unitPriceCents: number;
  costCents: number;
  isTaxable: boolean;
  priceListItemId: number | null;
};
export type SoldPlanVisit = { visitDescription: string | null; lineItems: SoldPlanVisitLine[] };

/**
 * A plan sold to a customer for one property: a copy of the plan's terms at the sale, its status
 * (pending 0, active 1, cancelled 4), how it was accepted (with customer 0, send to customer 1,
 * for customer 2), the signature and card of the public page, and the two cursors the background
 * run advances: the next billing period to invoice (invoices.billing_period is unique per plan, so
 * a period is invoiced once) and the next visit to create (jobs.service_plan_visit_number likewise).
 */
export const customerServicePlans = pgTable(
  "customer_service_plans",
  {
    ...companyRow(),
    customerId: ownedBy("customer_id", () => customers.id),
    customerAddressId: setNullRef("customer_address_id", () => customerAddresses.id),
    location: text("location"),
    unitNumber: text("unit_number"),
    servicePlanId: setNullRef("service_plan_id", () => servicePlans.id),
    name: text("name").notNull(),
    description: text("description"),
    totalPriceCents: integer("total_price_cents").notNull(),
    durationMonths: integer("duration_months"),
    paymentSchedule: integer("payment_schedule").notNull(),
    chargeMode: integer("charge_mode").notNull(),
    invoiceTiming: integer("invoice_timing").notNull(),
    taxRate: integer("tax_rate").notNull().default(0),
    visits: jsonb("visits").$type<SoldPlanVisit[]>().notNull(),
    status: integer("status").notNull().default(0),
    acceptanceMode: integer("acceptance_mode").notNull(),
    /** Unguessable token of /service-plan-details/{token}. */
    publicToken: text("public_token").notNull(),
    /** IANA zone of the company at the sale: dates and billing times are wall-clock there. */
    timezone: text("timezone").notNull(),
    /** The sale date: the visits' rhythm counts from it (not fixed seasons). */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The first billing period's instant; null until the first visit's job is finished (timing 0). */
    billingStartAt: tz("billing_start_at"),
    /** The period billingStartAt is the date of (0; the next period's index after a moved billing date). */
    billingAnchorPeriod: integer("billing_anchor_period").notNull().default(0),
    /** Periods invoiced so far (the next period's index) and when it is due; null: nothing more to bill. */
    nextBillingPeriod: integer("next_billing_period").notNull().default(0),
    nextBillingAt: tz("next_billing_at"),
    /** Visits created so far (the next visit's number) and the date of the next one; null: none left. */
    nextVisitNumber: integer("next_visit_number").notNull().default(0),
    nextVisitDate: date("next_visit_date", { mode: "string" }),
    /** The saved card (Stripe payment method on the connected account) automatic charging uses. */
    stripePaymentMethodId: text("stripe_payment_method_id"),
    signedName: text("signed_name"),
    signatureUrl: text("signature_url"),
    signatureStorageKey: text("signature_storage_key"),
    signedAt: tz("signed_at"),
    sentAt: tz("sent_at"),
    acceptedAt: tz("accepted_at"),
    cancelledAt: tz("cancelled_at"),
    cancelledByUserId: setNullRef("cancelled_by_user_id", () => users.id),
    /** The last automatic charge that failed (the invoice stays due; the office is told). */
    lastChargeError: text("last_charge_error"),
    lastChargeFailedAt: tz("last_charge_failed_at"),
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => customerServicePlans.searchText),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customer_service_plans_public_token_unique").on(t.publicToken),
    index("customer_service_plans_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("customer_service_plans_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
    index("customer_service_plans_company_customer_idx").on(t.companyId, t.customerId, t.createdAt, t.id),
    index("customer_service_plans_company_name_idx").on(t.companyId, t.name, t.id),
    index("customer_service_plans_billing_due_idx")
      .on(t.nextBillingAt)
      .where(sql`${t.status} = 1 and ${t.nextBillingAt} is not null`),
    index("customer_service_plans_visit_due_idx")
      .on(t.nextVisitDate)
      .where(sql`${t.status} = 1 and ${t.nextVisitDate} is not null`),
    index("customer_service_plans_search_idx").using("gin", t.searchVector),
  ],
);
