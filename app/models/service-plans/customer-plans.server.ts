import { createHmac } from "node:crypto";
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import {
  companies,
  customerAddresses,
  customerServicePlans,
  customers,
  invoices,
  jobEmployees,
  jobs,
  savedCards,
  users,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import { absoluteUrl } from "~/http/app-url.server";
import { displayName } from "~/models/customers/customers.schema";
import { newPublicToken } from "~/models/jobs/job-series.server";
import { searchTsQuery } from "~/models/jobs/jobs.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { byCustomerName, listPagePlan } from "~/models/list-pages.server";
import { sendLinkToCustomer, type LinkSendResult } from "~/models/messaging/link-message.server";
import type { DeliveryServices } from "~/models/messaging/send.server";
import { savedCardsView } from "~/models/payments/saved-cards.server";
import { RuleError } from "~/models/rules";
import { storeSignatureImage } from "~/models/signatures/signature-image.server";
import { activatePlan, cancelPlanWork, moveBillingDate } from "~/models/service-plans/plan-run.server";
import {
  AcceptanceMode,
  ChargeMode,
  chargeModeLabels,
  InvoiceTiming,
  invoiceTimingLabels,
  PLAN_DURATIONS,
  PlanStatus,
  paymentAmounts,
  paymentScheduleLabels,
  paymentsPerYear,
  visitDate,
  type PaymentScheduleValue,
} from "~/models/service-plans/plan-terms";
import {
  planTokenSchema,
  sellMessages,
  type AcceptPlanInput,
  type CustomerPlanSortField,
  type SellPlanInput,
} from "~/models/service-plans/customer-plans.schema";
import { getOfferedPlan, soldTermsOf } from "~/models/service-plans/plans.server";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";
import { notifyCompany, RealtimeEvent } from "~/services/realtime/index.server";
import { deleteFile } from "~/services/storage.server";
import { DATE_LONG, dayjs, formatInZone, formatMoney } from "~/utils/format";

/**
 * Selling and running a sold service plan (spec part 2 section 9, docs/decisions/058-service-plans.md):
 * the sale in its three acceptance modes, the link to the customer's page, the customer's acceptance
 * and card, the lists, the sold plan's page, cancelling and moving the billing date. The background
 * run (plan-run.server.ts) takes over once a plan is active: activatePlan runs in the transaction
 * that makes it active, so a plan is never active without its cursors.
 */

const isFieldTech = (ctx: CallerContext) => ctx.role === Role.FieldTech;

/** A field tech sees the plans of customers who have a job assigned to them; the others the company's. */
function visiblePlans(ctx: CallerContext): SQL {
  const own = eq(customerServicePlans.companyId, ctx.companyId);
  if (!isFieldTech(ctx)) return own;
  return sql`${own} and exists (select 1 from ${jobs} inner join ${jobEmployees} on ${jobEmployees.jobId} = ${jobs.id} where ${jobs.companyId} = ${ctx.companyId} and ${jobs.customerId} = ${customerServicePlans.customerId} and ${jobEmployees.userId} = ${ctx.userId})`;
}

/** The customer's page of a sold plan. */
export const planLink = (publicToken: string) => absoluteUrl(`/service-plan-details/${publicToken}`);

/** Today's date (YYYY-MM-DD) in a zone. */
export const todayIn = (timezone: string, now = new Date()) => dayjs(now).tz(timezone).format("YYYY-MM-DD");

/** The price of one payment (the last one may take the rounding's remainder). */
export const perPaymentCents = (p: {
  totalPriceCents: number;
  paymentSchedule: number;
  durationMonths: number | null;
}) => paymentAmounts(p.totalPriceCents, p.paymentSchedule as PaymentScheduleValue, p.durationMonths).perPaymentCents;

/**
 * The public token of a sale: made from the form's request token when there is one (so a double
 * submit of the same form finds the plan the first one made: the token is unique), else a fresh
 * random one. Keyed with the server's secret and the seller, so it cannot be guessed from the form.
 */
function saleToken(ctx: CallerContext, requestToken: string | undefined): string {
  if (!requestToken || !/^[A-Za-z0-9_-]{8,64}$/.test(requestToken)) return newPublicToken();
  return createHmac("sha256", `service-plan-sale:${env().SESSION_SECRET ?? DEV_SESSION_SECRET}`)
    .update(`${ctx.companyId}:${ctx.userId}:${requestToken}`)
    .digest("base64url");
}

const cardOfCustomer = async (companyId: number, customerId: number, paymentMethodId?: string) =>
  (
    await db
      .select({ paymentMethodId: savedCards.stripePaymentMethodId })
      .from(savedCards)
      .where(
        and(
          eq(savedCards.companyId, companyId),
          eq(savedCards.customerId, customerId),
          paymentMethodId ? eq(savedCards.stripePaymentMethodId, paymentMethodId) : undefined,
        ),
      )
      .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
      .limit(1)
  )[0]?.paymentMethodId ?? null;

/* ------------------------------------------------------------------ selling */

export type SaleResult = { id: number; status: number; link?: LinkSendResult };

/**
 * Sells an offered plan to a customer for one of their properties: a copy of the plan's terms and
 * visits, the sale date the visits count from, the first billing instant (plans billed on a date),
 * and the acceptance mode. Accepting with the customer (signed on the staff's screen) or for the
 * customer makes the plan active at once (activatePlan in the same transaction); sending it to the
 * customer keeps it pending and sends the link. Null when the customer is not the company's.
 */
export async function sellPlan(
  ctx: CallerContext,
  input: SellPlanInput,
  { now = new Date(), services }: { now?: Date; services?: DeliveryServices } = {},
): Promise<SaleResult | null> {
  const [customer] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(
      and(eq(customers.id, input.customerId), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)),
    );
  if (!customer) return null;
  const [address] = await db
    .select({
      id: customerAddresses.id,
      location: customerAddresses.location,
      unitNumber: customerAddresses.unitNumber,
    })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, input.customerAddressId),
        eq(customerAddresses.customerId, customer.id),
        eq(customerAddresses.companyId, ctx.companyId),
      ),
    );
  if (!address) throw new RuleError({ customerAddressId: sellMessages.property });
  const offered = await getOfferedPlan(ctx, input.servicePlanId);
  if (!offered) throw new RuleError({ servicePlanId: sellMessages.plan });
  const terms = soldTermsOf(offered);
  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const timezone = company.timezone;
  let billingStartAt: Date | null = null;
  if (terms.invoiceTiming === InvoiceTiming.OnDate) {
    billingStartAt = wallInputToInstant(input.billingStart ?? `${input.startDate}T09:00`, timezone);
    if (!billingStartAt) throw new RuleError({ billingStart: sellMessages.billingStart });
  }
  let paymentMethodId: string | null = null;
  if (input.acceptanceMode === AcceptanceMode.ForCustomer && terms.chargeMode === ChargeMode.Automatic) {
    if (input.paymentMethodId) {
      paymentMethodId = await cardOfCustomer(ctx.companyId, customer.id, input.paymentMethodId);
      if (!paymentMethodId) throw new RuleError({ paymentMethodId: sellMessages.card });
    }
    // Accepted for the customer without a card: the plan is invoiced (each period's invoice is sent) instead.
    else terms.chargeMode = ChargeMode.Manual;
  }
  const signatureUrl =
    input.acceptanceMode === AcceptanceMode.WithCustomer && input.signature
      ? await storeSignatureImage(ctx.companyId, input.signature, "signature")
      : null;
  const active = input.acceptanceMode !== AcceptanceMode.SendToCustomer;
  const publicToken = saleToken(ctx, input.requestToken);
  let result: SaleResult & { duplicate: boolean };
  try {
    result = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(customerServicePlans)
        .values({
          companyId: ctx.companyId,
          customerId: customer.id,
          customerAddressId: address.id,
          location: address.location,
          unitNumber: address.unitNumber,
          servicePlanId: terms.servicePlanId,
          name: terms.name,
          description: terms.description,
          totalPriceCents: terms.totalPriceCents,
          durationMonths: terms.durationMonths,
          paymentSchedule: terms.paymentSchedule,
          chargeMode: terms.chargeMode,
          invoiceTiming: terms.invoiceTiming,
          taxRate: terms.taxRate,
          visits: terms.visits,
          status: active ? PlanStatus.Active : PlanStatus.Pending,
          acceptanceMode: input.acceptanceMode,
          publicToken,
          timezone,
          startDate: input.startDate,
          billingStartAt,
          stripePaymentMethodId: paymentMethodId,
          ...(input.acceptanceMode === AcceptanceMode.WithCustomer
            ? { signedName: input.signerName, signatureUrl, signedAt: now }
            : {}),
          acceptedAt: active ? now : null,
          searchText: [terms.name, customer.firstName, customer.lastName, customer.email, address.location]
            .filter(Boolean)
            .join(" ")
            .toLowerCase()
            .slice(0, 4000),
          createdByUserId: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: customerServicePlans.publicToken })
        .returning({ id: customerServicePlans.id, status: customerServicePlans.status });
      if (!inserted) {
        const [existing] = await tx
          .select({ id: customerServicePlans.id, status: customerServicePlans.status })
          .from(customerServicePlans)
          .where(
            and(eq(customerServicePlans.publicToken, publicToken), eq(customerServicePlans.companyId, ctx.companyId)),
          );
        if (!existing) throw new Error("A sold plan's token collided with another company's");
        return { ...existing, duplicate: true };
      }
      if (active) await activatePlan(tx, inserted.id, now);
      return { ...inserted, duplicate: false };
    });
  } catch (error) {
    await deleteFile(signatureUrl);
    throw error;
  }
  if (result.duplicate) await deleteFile(signatureUrl);
  const sale: SaleResult = { id: result.id, status: result.status };
  if (input.acceptanceMode === AcceptanceMode.SendToCustomer)
    sale.link = (await sendPlanLink(ctx, result.id, input.channel, input.requestToken, { now, services })) ?? {
      sent: false,
      error: "The plan was not found",
    };
  return sale;
}

/** Whether the customer's page still waits for them: a pending plan, or an automatic one with no card yet. */
export const linkWanted = (p: { status: number; chargeMode: number; stripePaymentMethodId: string | null }) =>
  p.status === PlanStatus.Pending ||
  (p.status === PlanStatus.Active && p.chargeMode === ChargeMode.Automatic && !p.stripePaymentMethodId);

/**
 * Sends the customer the link to their plan's page (review, sign, save a card) by text, email or
 * both through the messaging area. The dedupe key is the plan and the form's request token, so a
 * double submit sends once. Only while the page waits for the customer (linkWanted). Null when not the company's plan.
 */
export async function sendPlanLink(
  ctx: CallerContext,
  planId: number,
  channel: 1 | 2 | 3 | number,
  requestToken: string | undefined,
  { now = new Date(), services }: { now?: Date; services?: DeliveryServices } = {},
): Promise<LinkSendResult | null> {
  const [row] = await db
    .select({
      status: customerServicePlans.status,
      chargeMode: customerServicePlans.chargeMode,
      stripePaymentMethodId: customerServicePlans.stripePaymentMethodId,
      name: customerServicePlans.name,
      publicToken: customerServicePlans.publicToken,
      customerId: customerServicePlans.customerId,
      firstName: customers.firstName,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
    })
    .from(customerServicePlans)
    .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
    .innerJoin(companies, eq(companies.id, customerServicePlans.companyId))
    .where(and(eq(customerServicePlans.id, planId), visiblePlans(ctx)));
  if (!row) return null;
  if (!linkWanted(row)) return { sent: false, error: "Only a plan waiting for the customer or for a card is sent." };
  const link = planLink(row.publicToken);
  const forCard = row.status === PlanStatus.Active;
  const subject = forCard ? `Save a card for your service plan` : `Your service plan from ${row.businessName}`;
  const smsText = forCard
    ? `${row.businessName}: save a card for the payments of your service plan "${row.name}" here: ${link}`
    : `${row.businessName}: review and accept your service plan "${row.name}" here: ${link}`;
  const emailText = [
    `Hi ${row.firstName},`,
    forCard
      ? `Your service plan "${row.name}" with ${row.businessName} is charged automatically. Save a card for its payments on your plan's page:`
      : `${row.businessName} has prepared the service plan "${row.name}" for you. Review its visits and payments, and accept it here:`,
    link,
    `Thank you,\n${row.businessName}`,
  ].join("\n\n");
  const key = requestToken && /^[A-Za-z0-9_-]{8,64}$/.test(requestToken) ? requestToken : String(now.getTime());
  const result = await sendLinkToCustomer(
    {
      companyId: ctx.companyId,
      customerId: row.customerId,
      channel: (channel === 1 || channel === 3 ? channel : 2) as 1 | 2 | 3,
      dedupeKey: `service-plan-link:${planId}:${key}`,
      company: row,
      subject,
      smsText,
      emailText,
      sentMessage: "Link sent",
    },
    services,
  );
  if (result.sent)
    await db
      .update(customerServicePlans)
      .set({ sentAt: now, updatedAt: now })
      .where(and(eq(customerServicePlans.id, planId), eq(customerServicePlans.companyId, ctx.companyId)));
  return result;
}

/* ------------------------------------------------------------ customer's page */

async function findByToken(token: string) {
  if (!planTokenSchema.safeParse(token).success) return null;
  const [row] = await db
    .select({
      id: customerServicePlans.id,
      companyId: customerServicePlans.companyId,
      customerId: customerServicePlans.customerId,
      name: customerServicePlans.name,
      description: customerServicePlans.description,
      location: customerServicePlans.location,
      unitNumber: customerServicePlans.unitNumber,
      totalPriceCents: customerServicePlans.totalPriceCents,
      durationMonths: customerServicePlans.durationMonths,
      paymentSchedule: customerServicePlans.paymentSchedule,
      chargeMode: customerServicePlans.chargeMode,
      invoiceTiming: customerServicePlans.invoiceTiming,
      taxRate: customerServicePlans.taxRate,
      visits: customerServicePlans.visits,
      status: customerServicePlans.status,
      timezone: customerServicePlans.timezone,
      startDate: customerServicePlans.startDate,
      billingStartAt: customerServicePlans.billingStartAt,
      stripePaymentMethodId: customerServicePlans.stripePaymentMethodId,
      signedName: customerServicePlans.signedName,
      signatureUrl: customerServicePlans.signatureUrl,
      acceptedAt: customerServicePlans.acceptedAt,
      cancelledAt: customerServicePlans.cancelledAt,
      companyName: companies.businessName,
      companyPhone: companies.businessPhoneNumber,
      companyLogoUrl: companies.logoUrl,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
    })
    .from(customerServicePlans)
    .innerJoin(companies, eq(companies.id, customerServicePlans.companyId))
    .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
    .where(eq(customerServicePlans.publicToken, token))
    .limit(1);
  return row ?? null;
}

const cardColumns = {
  paymentMethodId: savedCards.stripePaymentMethodId,
  brand: savedCards.brand,
  last4: savedCards.last4,
  expMonth: savedCards.expMonth,
  expYear: savedCards.expYear,
};

async function planCard(companyId: number, paymentMethodId: string | null) {
  if (!paymentMethodId) return null;
  const [card] = await db
    .select(cardColumns)
    .from(savedCards)
    .where(and(eq(savedCards.companyId, companyId), eq(savedCards.stripePaymentMethodId, paymentMethodId)));
  return card ?? null;
}

/**
 * A sold plan found by its public token, as the customer's page shows it, or null (unknown or
 * malformed token: 404). `cardStep` is there for an automatic plan with no card yet: the customer's
 * saved cards and the add-card link (or why cards cannot be saved).
 */
export async function getPublicPlan(token: string) {
  const plan = await findByToken(token);
  if (!plan) return null;
  const card = await planCard(plan.companyId, plan.stripePaymentMethodId);
  const needsCard = plan.chargeMode === ChargeMode.Automatic && !card && plan.status !== PlanStatus.Cancelled;
  const cardStep = needsCard ? await savedCardsView({ companyId: plan.companyId }, plan.customerId) : null;
  const { signatureUrl, stripePaymentMethodId: _pm, ...rest } = plan;
  return {
    ...rest,
    hasSignatureImage: Boolean(signatureUrl),
    customerName: displayName({ firstName: plan.customerFirstName, lastName: plan.customerLastName }),
    card: card && { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
    cardStep: cardStep && {
      cards: cardStep.cards.map((c) => ({ brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear })),
      link: cardStep.link,
      notice: cardStep.notice,
    },
  };
}
export type PublicPlan = NonNullable<Awaited<ReturnType<typeof getPublicPlan>>>;

export const acceptMessages = {
  accepted: "This plan was already accepted.",
  cancelled: "This plan was cancelled. Please contact the company.",
} as const;

/**
 * The customer accepts a pending plan on its page: the typed name (and a drawn signature), the
 * newest saved card for an automatic plan, status active and activatePlan, in one transaction whose
 * update only moves a pending plan (a double click or a second tab accepts once). Null for an
 * unknown token; a RuleError when the plan is not pending.
 */
export async function acceptPublicPlan(
  token: string,
  input: AcceptPlanInput,
  now = new Date(),
): Promise<boolean | null> {
  const found = await findByToken(token);
  if (!found) return null;
  if (found.status === PlanStatus.Cancelled) throw new RuleError({ _global: acceptMessages.cancelled });
  if (found.status !== PlanStatus.Pending) throw new RuleError({ _global: acceptMessages.accepted });
  const card =
    found.chargeMode === ChargeMode.Automatic
      ? (found.stripePaymentMethodId ?? (await cardOfCustomer(found.companyId, found.customerId)))
      : null;
  const signatureUrl = input.signature ? await storeSignatureImage(found.companyId, input.signature) : null;
  let saved = false;
  try {
    saved = await db.transaction(async (tx) => {
      const moved = await tx
        .update(customerServicePlans)
        .set({
          status: PlanStatus.Active,
          signedName: input.name,
          signatureUrl,
          signedAt: now,
          acceptedAt: now,
          stripePaymentMethodId: card,
          updatedAt: now,
        })
        .where(and(eq(customerServicePlans.id, found.id), eq(customerServicePlans.status, PlanStatus.Pending)))
        .returning({ id: customerServicePlans.id });
      if (!moved.length) return false;
      await activatePlan(tx, found.id, now);
      return true;
    });
  } catch (error) {
    await deleteFile(signatureUrl);
    throw error;
  }
  if (!saved) {
    await deleteFile(signatureUrl);
    throw new RuleError({ _global: acceptMessages.accepted });
  }
  notifyCompany(
    found.companyId,
    RealtimeEvent.TextNotification,
    `Service plan ${found.name} was accepted by ${input.name}`,
  );
  return true;
}

/**
 * The customer's page after saving a card: an automatic plan without a card takes the customer's
 * newest saved card for its payments. False when there is nothing to take (or the plan has one).
 */
export async function takeSavedCardForPlan(token: string, now = new Date()): Promise<boolean | null> {
  const found = await findByToken(token);
  if (!found) return null;
  if (found.chargeMode !== ChargeMode.Automatic || found.status === PlanStatus.Cancelled) return false;
  const card = await cardOfCustomer(found.companyId, found.customerId);
  if (!card) return false;
  const moved = await db
    .update(customerServicePlans)
    .set({ stripePaymentMethodId: card, updatedAt: now })
    .where(and(eq(customerServicePlans.id, found.id), isNull(customerServicePlans.stripePaymentMethodId)))
    .returning({ id: customerServicePlans.id });
  return moved.length > 0;
}

/* ------------------------------------------------------------------- lists */

/** The overview of /service-plans: counts by status, the monthly recurring revenue, plans needing attention. */
export async function servicePlansOverview(ctx: CallerContext) {
  const own = eq(customerServicePlans.companyId, ctx.companyId);
  const attentionColumns = {
    id: customerServicePlans.id,
    name: customerServicePlans.name,
    firstName: customers.firstName,
    lastName: customers.lastName,
    sentAt: customerServicePlans.sentAt,
    createdAt: customerServicePlans.createdAt,
    lastChargeError: customerServicePlans.lastChargeError,
    lastChargeFailedAt: customerServicePlans.lastChargeFailedAt,
  };
  const [byStatus, activeTerms, pending, failed] = await Promise.all([
    db
      .select({ status: customerServicePlans.status, count: count() })
      .from(customerServicePlans)
      .where(own)
      .groupBy(customerServicePlans.status),
    db
      .select({
        totalPriceCents: customerServicePlans.totalPriceCents,
        durationMonths: customerServicePlans.durationMonths,
        paymentSchedule: customerServicePlans.paymentSchedule,
        count: count(),
      })
      .from(customerServicePlans)
      .where(and(own, eq(customerServicePlans.status, PlanStatus.Active)))
      .groupBy(
        customerServicePlans.totalPriceCents,
        customerServicePlans.durationMonths,
        customerServicePlans.paymentSchedule,
      ),
    db
      .select(attentionColumns)
      .from(customerServicePlans)
      .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
      .where(and(own, eq(customerServicePlans.status, PlanStatus.Pending)))
      .orderBy(asc(customerServicePlans.createdAt), asc(customerServicePlans.id))
      .limit(10),
    db
      .select(attentionColumns)
      .from(customerServicePlans)
      .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
      .where(
        and(own, eq(customerServicePlans.status, PlanStatus.Active), isNotNull(customerServicePlans.lastChargeError)),
      )
      .orderBy(desc(customerServicePlans.lastChargeFailedAt), desc(customerServicePlans.id))
      .limit(10),
  ]);
  const counts = { pending: 0, active: 0, cancelled: 0 };
  for (const row of byStatus) {
    if (row.status === PlanStatus.Pending) counts.pending = row.count;
    if (row.status === PlanStatus.Active) counts.active = row.count;
    if (row.status === PlanStatus.Cancelled) counts.cancelled = row.count;
  }
  // A month's share of a year of payments: the per-payment price times the payments of a year, over 12.
  const monthlyCents = activeTerms.reduce(
    (sum, t) => sum + (perPaymentCents(t) * paymentsPerYear(t.paymentSchedule as PaymentScheduleValue) * t.count) / 12,
    0,
  );
  const attention = (row: (typeof pending)[number]) => ({
    id: row.id,
    name: row.name,
    customerName: displayName(row),
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    lastChargeError: row.lastChargeError,
    lastChargeFailedAt: row.lastChargeFailedAt,
  });
  return {
    counts,
    monthlyRecurringCents: Math.round(monthlyCents),
    pending: pending.map(attention),
    failedCharges: failed.map(attention),
  };
}

export const CUSTOMER_PLANS_COUNT_CAP = 10_000;

const sortColumns: Record<CustomerPlanSortField, SQL | SQL[]> = {
  createdAt: sql`${customerServicePlans.createdAt}`,
  name: sql`${customerServicePlans.name}`,
  customerName: byCustomerName,
  status: sql`${customerServicePlans.status}`,
};

/** Visit jobs still to come (not started, finished or cancelled). */
const UPCOMING_VISIT_STATUSES = [JobStatus.Unscheduled, JobStatus.Scheduled, JobStatus.OnMyWay, JobStatus.Prescheduled];

export type CustomerPlanListQuery = {
  paging: { pageNumber: number; pageSize: number; sortSettings: { fieldName: string; descending?: boolean }[] };
  searchQuery?: string;
  status?: number;
  customerId?: number;
};

/**
 * One page of the sold plans: filtered by status and search (plan, customer, property), sorted on
 * an indexed column, with each plan's next visit (its earliest visit job to come) and next billing.
 */
export async function listCustomerPlansPage(ctx: CallerContext, query: CustomerPlanListQuery, now = new Date()) {
  const conditions: SQL[] = [visiblePlans(ctx)];
  if (query.status !== undefined) conditions.push(eq(customerServicePlans.status, query.status));
  if (query.customerId) conditions.push(eq(customerServicePlans.customerId, query.customerId));
  const ts = query.searchQuery ? searchTsQuery(query.searchQuery) : null;
  if (query.searchQuery?.trim())
    conditions.push(ts ? sql`${customerServicePlans.searchVector} @@ to_tsquery('simple', ${ts})` : sql`false`);
  const sort = query.paging.sortSettings.find((s) => s.fieldName in sortColumns);
  const column = sortColumns[(sort?.fieldName as CustomerPlanSortField) ?? "createdAt"];
  const plan = listPagePlan({
    table: customerServicePlans,
    id: customerServicePlans.id,
    where: and(...conditions),
    sortKeys: Array.isArray(column) ? column : [column],
    customerForSort:
      column === byCustomerName ? { customerId: customerServicePlans.customerId, companyId: ctx.companyId } : undefined,
    descending: sort ? !!sort.descending : true,
    offset: (query.paging.pageNumber - 1) * query.paging.pageSize,
    pageSize: query.paging.pageSize,
    companyTotal: null,
    cap: CUSTOMER_PLANS_COUNT_CAP,
  });
  const scanned = await db
    .select({
      hits: plan.hits,
      id: customerServicePlans.id,
      name: customerServicePlans.name,
      customerId: customerServicePlans.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      location: customerServicePlans.location,
      status: customerServicePlans.status,
      totalPriceCents: customerServicePlans.totalPriceCents,
      durationMonths: customerServicePlans.durationMonths,
      paymentSchedule: customerServicePlans.paymentSchedule,
      nextBillingAt: customerServicePlans.nextBillingAt,
      lastChargeError: customerServicePlans.lastChargeError,
      createdAt: customerServicePlans.createdAt,
      nextVisitAt: sql<
        string | null
      >`(select min(${jobs.startTime}) from ${jobs} where ${jobs.customerServicePlanId} = ${customerServicePlans.id} and ${jobs.status} in (${sql.join(
        UPCOMING_VISIT_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${jobs.startTime} >= ${now.toISOString()}::timestamptz)`,
    })
    .from(customerServicePlans)
    .innerJoin(plan.page, eq(customerServicePlans.id, plan.page.pageId))
    .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
    .orderBy(...plan.order);
  const { rows, total, totalIsCapped } = await plan.finish(scanned);
  return {
    total,
    totalIsCapped,
    items: rows.map(({ firstName, lastName, nextVisitAt, ...r }) => ({
      ...r,
      customerName: displayName({ firstName, lastName }),
      nextVisitAt: nextVisitAt ? new Date(nextVisitAt) : null,
      perPaymentCents: perPaymentCents(r),
    })),
  };
}
export type CustomerPlanListItem = Awaited<ReturnType<typeof listCustomerPlansPage>>["items"][number];

/* --------------------------------------------------------- the sold plan */

/** A sold plan of the company as its page shows it; null when not the company's (or, for a field tech, not their customer's). */
export async function getCustomerPlan(ctx: CallerContext, id: number) {
  const [plan] = await db
    .select({
      row: customerServicePlans,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.mainPhoneNumber,
    })
    .from(customerServicePlans)
    .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
    .where(and(eq(customerServicePlans.id, id), visiblePlans(ctx)));
  if (!plan) return null;
  const { searchText: _t, searchVector: _v, signatureStorageKey: _k, ...row } = plan.row;
  const [visits, planInvoices, card, people] = await Promise.all([
    db
      .select({
        id: jobs.id,
        name: jobs.name,
        status: jobs.status,
        startTime: jobs.startTime,
        visitNumber: jobs.servicePlanVisitNumber,
      })
      .from(jobs)
      .where(and(eq(jobs.companyId, ctx.companyId), eq(jobs.customerServicePlanId, id)))
      .orderBy(asc(jobs.servicePlanVisitNumber), asc(jobs.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        billingPeriod: invoices.billingPeriod,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
      })
      .from(invoices)
      .where(and(eq(invoices.companyId, ctx.companyId), eq(invoices.customerServicePlanId, id)))
      .orderBy(asc(invoices.billingPeriod), asc(invoices.id)),
    planCard(ctx.companyId, row.stripePaymentMethodId),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        and(
          eq(users.companyId, ctx.companyId),
          sql`${users.id} in (${row.createdByUserId ?? 0}, ${row.cancelledByUserId ?? 0})`,
        ),
      ),
  ]);
  const nameOf = (userId: number | null) => {
    const user = people.find((p) => p.id === userId);
    return user ? displayName(user) : null;
  };
  return {
    ...row,
    customerName: displayName(plan),
    customerEmail: plan.email,
    customerPhone: plan.phone,
    link: planLink(row.publicToken),
    perPaymentCents: perPaymentCents(row),
    card,
    soldBy: nameOf(row.createdByUserId),
    cancelledBy: nameOf(row.cancelledByUserId),
    visitJobs: visits,
    invoices: planInvoices.map((i) => ({ ...i, balanceCents: Math.max(0, i.totalCents - i.paidCents) })),
  };
}
export type CustomerPlan = NonNullable<Awaited<ReturnType<typeof getCustomerPlan>>>;

/**
 * Cancels a sold plan: status cancelled with who and when, and (plan-run's cancelPlanWork) its
 * future visit jobs that have not started; issued invoices stay due. Once: a second cancel is a
 * RuleError. Null when not the company's plan.
 */
export async function cancelCustomerPlan(ctx: CallerContext, id: number, now = new Date()): Promise<true | null> {
  const done = await db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ status: customerServicePlans.status })
      .from(customerServicePlans)
      .where(and(eq(customerServicePlans.id, id), visiblePlans(ctx)))
      .for("update");
    if (!plan) return null;
    if (plan.status === PlanStatus.Cancelled) throw new RuleError({ _global: "This plan is already cancelled." });
    await tx
      .update(customerServicePlans)
      .set({ status: PlanStatus.Cancelled, cancelledAt: now, cancelledByUserId: ctx.userId, updatedAt: now })
      .where(eq(customerServicePlans.id, id));
    await cancelPlanWork(tx, id, now);
    return true as const;
  });
  return done;
}

/**
 * Moves a running plan's next billing date (a wall-clock date and time of the plan's zone); the
 * periods after it follow from there. RuleError on `billingDate` when the plan is not billing yet or
 * the date is not in the future. Null when not the company's plan.
 */
export async function moveCustomerPlanBillingDate(
  ctx: CallerContext,
  id: number,
  wallDateTime: string,
  now = new Date(),
): Promise<true | null> {
  const [plan] = await db
    .select({
      status: customerServicePlans.status,
      timezone: customerServicePlans.timezone,
      billingStartAt: customerServicePlans.billingStartAt,
    })
    .from(customerServicePlans)
    .where(and(eq(customerServicePlans.id, id), visiblePlans(ctx)));
  if (!plan) return null;
  if (plan.status !== PlanStatus.Active)
    throw new RuleError({ billingDate: "Only an active plan's billing date can be changed." });
  if (!plan.billingStartAt)
    throw new RuleError({ billingDate: "Billing starts when the plan's first visit is finished." });
  const dueAt = wallInputToInstant(wallDateTime, plan.timezone);
  if (!dueAt) throw new RuleError({ billingDate: "Choose the new billing date and time" });
  await db.transaction((tx) => moveBillingDate(tx, id, dueAt, now));
  return true;
}

/** The assign page's choices for a customer of the company: their properties and saved cards. Null when not theirs. */
export async function saleChoices(ctx: CallerContext, customerId: number) {
  const [customer] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.mainPhoneNumber,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)));
  if (!customer) return null;
  const addresses = await db
    .select({
      id: customerAddresses.id,
      location: customerAddresses.location,
      unitNumber: customerAddresses.unitNumber,
    })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.companyId, ctx.companyId)))
    .orderBy(asc(customerAddresses.position), asc(customerAddresses.id));
  return {
    customer: { id: customer.id, name: displayName(customer), email: customer.email, phone: customer.phone },
    addresses,
  };
}

/* ------------------------------------------------------------------ terms, formatted */

type TermsSource = {
  totalPriceCents: number;
  durationMonths: number | null;
  paymentSchedule: number;
  chargeMode: number;
  invoiceTiming: number;
  taxRate: number;
  visits: { visitDescription: string | null }[];
  startDate: string;
  timezone: string;
  billingStartAt: Date | null;
};

/** A sold plan's terms in the words the customer's page and the office's page show. */
export function planTermsView(p: TermsSource) {
  const schedule = p.paymentSchedule as PaymentScheduleValue;
  const amounts = paymentAmounts(p.totalPriceCents, schedule, p.durationMonths);
  const duration = PLAN_DURATIONS.find((d) => d.months === p.durationMonths)?.label ?? `${p.durationMonths} months`;
  const perYear = p.visits.length;
  return {
    total: formatMoney(p.totalPriceCents),
    totalLabel: p.durationMonths === null ? "Price per year" : "Total price",
    perPayment: formatMoney(amounts.perPaymentCents),
    lastPayment: amounts.lastPaymentCents !== amounts.perPaymentCents ? formatMoney(amounts.lastPaymentCents) : null,
    schedule: paymentScheduleLabels[schedule],
    payments:
      amounts.count === null ? "Until cancelled" : `${amounts.count} ${amounts.count === 1 ? "payment" : "payments"}`,
    duration,
    tax: p.taxRate ? `${(p.taxRate / 100).toFixed(2).replace(/\.?0+$/, "")}% tax on each payment` : null,
    charging:
      p.chargeMode === ChargeMode.Automatic
        ? "Charged automatically to your saved card"
        : "An invoice for each payment, paid by you",
    chargeMode: chargeModeLabels[p.chargeMode as 0 | 1],
    firstBilling:
      p.invoiceTiming === InvoiceTiming.OnDate
        ? formatInZone(p.billingStartAt ?? dayjs.tz(`${p.startDate}T09:00:00`, p.timezone).toDate(), p.timezone)
        : "When the first visit is finished",
    timing: invoiceTimingLabels[p.invoiceTiming as 0 | 1],
    startDate: dayjs(p.startDate).format(DATE_LONG),
    visitsPerYear: perYear,
    visits: p.visits.map((v, i) => ({
      label: `Visit ${i + 1}`,
      description: v.visitDescription,
      firstDate: perYear ? dayjs(visitDate(p.startDate, perYear, i)).format(DATE_LONG) : null,
    })),
  };
}
export type PlanTermsView = ReturnType<typeof planTermsView>;
