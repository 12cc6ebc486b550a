import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  customerServicePlans,
  priceListItems,
  servicePlans,
  servicePlanVisitLineItems,
  servicePlanVisits,
  type SoldPlanVisit,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/api.server";
import { isUniqueViolation } from "~/models/accounts/accounts.server";
import { searchTextOf, searchTsQuery } from "~/models/jobs/jobs.server";
import { ownLineImageUrl } from "~/models/line-items/line-items.server";
import { lineItemColumns, lineItemJson } from "~/models/line-items/line-rows.server";
import { lineAmountCents } from "~/models/line-items/totals";
import { RuleError } from "~/models/rules";
import { paymentAmounts, type PaymentScheduleValue } from "~/models/service-plans/plan-terms";
import {
  planMessages,
  type PlanShow,
  type PlanSortField,
  type ServicePlanInput,
} from "~/models/service-plans/plans.schema";

/**
 * The plans we offer (issue #16, docs/decisions/058-service-plans.md): a plan with its terms and
 * the visits of its year, each with a visit description and line items. Plans are archived rather
 * than deleted once sold; a sold plan keeps its own copy of the terms (`soldTermsOf`), so editing or
 * archiving a plan never changes what a customer accepted.
 */

export type PlanLine = {
  id: number;
  kind: number;
  name: string;
  description: string | null;
  quantity: number;
  unitPriceCents: number;
  costCents: number;
  isTaxable: boolean;
  imageUrl: string | null;
  priceListItemId: number | null;
  amountCents: number;
  position: number;
};
export type PlanVisit = { id: number; position: number; visitDescription: string | null; lineItems: PlanLine[] };

/** A plan's terms: what a sale copies from it. */
type PlanTerms = {
  name: string;
  description: string | null;
  totalPriceCents: number;
  durationMonths: number | null;
  paymentSchedule: PaymentScheduleValue;
  chargeMode: number;
  invoiceTiming: number;
  taxRate: number;
};

/** A plan with its terms and its visits (in order) with their lines. */
export type OfferedPlan = PlanTerms & {
  id: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  visits: PlanVisit[];
};

/** A plan as a picker offers it (selling a plan). */
export type OfferedPlanOption = {
  id: number;
  name: string;
  description: string | null;
  totalPriceCents: number;
  durationMonths: number | null;
  paymentSchedule: PaymentScheduleValue;
  visitsPerYear: number;
};

/** A row of the plans list. */
export type PlanListItem = OfferedPlanOption & {
  perPaymentCents: number;
  paymentCount: number | null;
  archivedAt: Date | null;
  createdAt: Date;
};

/** The fields of customer_service_plans copied from the plan at the sale. */
export type SoldTerms = PlanTerms & { servicePlanId: number; visits: SoldPlanVisit[] };

const ofCompany = (ctx: CallerContext) => eq(servicePlans.companyId, ctx.companyId);

// Written out: drizzle leaves a column of the outer table unqualified inside a subquery.
const visitsPerYearSql = sql<number>`(select count(*)::int from service_plan_visits v where v.service_plan_id = "service_plans"."id")`;

const optionColumns = {
  id: servicePlans.id,
  name: servicePlans.name,
  description: servicePlans.description,
  totalPriceCents: servicePlans.totalPriceCents,
  durationMonths: servicePlans.durationMonths,
  paymentSchedule: servicePlans.paymentSchedule,
  visitsPerYear: visitsPerYearSql,
};

const searchCondition = (search: string | undefined): SQL | undefined => {
  const ts = search ? searchTsQuery(search) : null;
  return ts ? sql`${servicePlans.searchVector} @@ to_tsquery('simple', ${ts})` : undefined;
};

const asOption = <T extends { paymentSchedule: number }>(row: T) => ({
  ...row,
  paymentSchedule: row.paymentSchedule as PaymentScheduleValue,
});

/** The plans on offer (not archived) matching a search, by name: the sale form's picker. */
export async function listOfferedPlans(
  ctx: CallerContext,
  { search, limit = 50 }: { search?: string; limit?: number } = {},
): Promise<OfferedPlanOption[]> {
  const rows = await db
    .select(optionColumns)
    .from(servicePlans)
    .where(and(ofCompany(ctx), isNull(servicePlans.archivedAt), searchCondition(search)))
    .orderBy(asc(servicePlans.name), asc(servicePlans.id))
    .limit(limit);
  return rows.map(asOption);
}

const showCondition = (show: PlanShow) =>
  show === "archived"
    ? isNotNull(servicePlans.archivedAt)
    : show === "all"
      ? undefined
      : isNull(servicePlans.archivedAt);

function orderFor(sort: Paging["sortSettings"][number] | undefined) {
  const dir = sort?.descending ? desc : asc;
  const field = (sort?.fieldName ?? "name") as PlanSortField;
  return field === "createdAt"
    ? [dir(servicePlans.createdAt), dir(servicePlans.id)]
    : [dir(servicePlans.name), dir(servicePlans.id)];
}

/** One page of the plans list: searched, offered/archived/all, sorted by name or creation. */
export async function listServicePlansPage(
  ctx: CallerContext,
  query: { paging: Paging; searchQuery?: string; show?: PlanShow },
): Promise<{ items: PlanListItem[]; total: number; totalIsCapped: boolean }> {
  const { paging } = query;
  const where = and(ofCompany(ctx), showCondition(query.show ?? "offered"), searchCondition(query.searchQuery));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...optionColumns, archivedAt: servicePlans.archivedAt, createdAt: servicePlans.createdAt })
      .from(servicePlans)
      .where(where)
      .orderBy(...orderFor(paging.sortSettings[0]))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db.select({ total: count() }).from(servicePlans).where(where),
  ]);
  const items = rows.map((row) => {
    const plan = asOption(row);
    const amounts = paymentAmounts(plan.totalPriceCents, plan.paymentSchedule, plan.durationMonths);
    return { ...plan, perPaymentCents: amounts.perPaymentCents, paymentCount: amounts.count };
  });
  return { items, total, totalIsCapped: false };
}

/** A plan of the company with its visits and lines, archived or not; null when it is not the company's. */
export async function getServicePlan(ctx: CallerContext, id: number, exec: Executor = db): Promise<OfferedPlan | null> {
  const [plan] = await exec
    .select()
    .from(servicePlans)
    .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
    .limit(1);
  if (!plan) return null;
  // One after another: `exec` may be a transaction, whose one connection runs one query at a time.
  const visits = await exec
    .select()
    .from(servicePlanVisits)
    .where(eq(servicePlanVisits.servicePlanId, id))
    .orderBy(asc(servicePlanVisits.position));
  const lines = await exec
    .select({ line: servicePlanVisitLineItems })
    .from(servicePlanVisitLineItems)
    .innerJoin(servicePlanVisits, eq(servicePlanVisits.id, servicePlanVisitLineItems.visitId))
    .where(eq(servicePlanVisits.servicePlanId, id))
    .orderBy(asc(servicePlanVisitLineItems.position), asc(servicePlanVisitLineItems.id));
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    totalPriceCents: plan.totalPriceCents,
    durationMonths: plan.durationMonths,
    paymentSchedule: plan.paymentSchedule as PaymentScheduleValue,
    chargeMode: plan.chargeMode,
    invoiceTiming: plan.invoiceTiming,
    taxRate: plan.taxRate,
    archivedAt: plan.archivedAt,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    visits: visits.map((v) => ({
      id: v.id,
      position: v.position,
      visitDescription: v.visitDescription,
      lineItems: lines
        .filter(({ line }) => line.visitId === v.id)
        .map(({ line }) => ({
          id: line.id,
          kind: line.kind,
          name: line.name,
          description: line.description,
          quantity: Number(line.quantity),
          unitPriceCents: line.unitPriceCents,
          costCents: line.costCents,
          isTaxable: line.isTaxable,
          imageUrl: line.imageUrl,
          priceListItemId: line.priceListItemId,
          amountCents: line.amountCents,
          position: line.position,
        })),
    })),
  };
}

/** Whether the plan is the company's (archived or not). */
export async function servicePlanExists(ctx: CallerContext, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: servicePlans.id })
    .from(servicePlans)
    .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
    .limit(1);
  return !!row;
}

/** A plan on offer (not archived) with its visits and lines, for selling it; null when archived or not the company's. */
export async function getOfferedPlan(ctx: CallerContext, id: number, exec: Executor = db): Promise<OfferedPlan | null> {
  const plan = await getServicePlan(ctx, id, exec);
  return plan && !plan.archivedAt ? plan : null;
}

/** The terms a sale copies into customer_service_plans: what the customer accepts stays as it was. */
export function soldTermsOf(plan: OfferedPlan): SoldTerms {
  return {
    servicePlanId: plan.id,
    name: plan.name,
    description: plan.description,
    totalPriceCents: plan.totalPriceCents,
    durationMonths: plan.durationMonths,
    paymentSchedule: plan.paymentSchedule,
    chargeMode: plan.chargeMode,
    invoiceTiming: plan.invoiceTiming,
    taxRate: plan.taxRate,
    visits: plan.visits.map((v) => ({
      visitDescription: v.visitDescription,
      lineItems: v.lineItems.map((l) => ({
        kind: l.kind,
        name: l.name,
        description: l.description,
        quantity: String(l.quantity),
        unitPriceCents: l.unitPriceCents,
        costCents: l.costCents,
        isTaxable: l.isTaxable,
        priceListItemId: l.priceListItemId,
      })),
    })),
  };
}

/** Whether any customer bought the plan (then it is archived, never deleted). */
async function wasSold(exec: Executor, ctx: CallerContext, id: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: customerServicePlans.id })
    .from(customerServicePlans)
    .where(and(eq(customerServicePlans.companyId, ctx.companyId), eq(customerServicePlans.servicePlanId, id)))
    .limit(1);
  return !!row;
}

export const isPlanSold = (ctx: CallerContext, id: number) => wasSold(db, ctx, id);

async function nameTaken(exec: Executor, ctx: CallerContext, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: servicePlans.id })
    .from(servicePlans)
    .where(
      and(
        ofCompany(ctx),
        isNull(servicePlans.archivedAt),
        sql`lower(${servicePlans.name}) = lower(${name})`,
        exceptId ? sql`${servicePlans.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

const nameTakenError = () => new RuleError({ name: planMessages.nameTaken });

/** The unique index decides between two saves of one name at the same moment. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The plans' only unique index a save can meet is the name's (visit positions are written afresh).
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}

/** Price book items named by the lines must be the company's. */
async function checkPriceItems(exec: Executor, ctx: CallerContext, input: ServicePlanInput) {
  const ids = [...new Set(input.visits.flatMap((v) => v.lineItems.flatMap((l) => l.priceListItemId ?? [])))];
  if (ids.length === 0) return;
  const rows = await exec
    .select({ id: priceListItems.id })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, ctx.companyId), inArray(priceListItems.id, ids)));
  if (rows.length !== ids.length) throw new RuleError({ visits: "Price book item not found" });
}

const planColumns = (input: ServicePlanInput) => ({
  name: input.name,
  description: input.description ?? null,
  totalPriceCents: input.totalPriceCents,
  durationMonths: input.durationMonths,
  paymentSchedule: input.paymentSchedule,
  chargeMode: input.chargeMode,
  invoiceTiming: input.invoiceTiming,
  taxRate: input.taxRate,
  searchText: searchTextOf([input.name, input.description]),
});

/** Replaces the plan's visits and their lines with the input's. */
async function writeVisits(tx: Executor, ctx: CallerContext, planId: number, input: ServicePlanInput) {
  await checkPriceItems(tx, ctx, input);
  await tx.delete(servicePlanVisits).where(eq(servicePlanVisits.servicePlanId, planId));
  const visits = await tx
    .insert(servicePlanVisits)
    .values(
      input.visits.map((v, position) => ({
        companyId: ctx.companyId,
        servicePlanId: planId,
        position,
        visitDescription: v.visitDescription ?? null,
      })),
    )
    .returning({ id: servicePlanVisits.id, position: servicePlanVisits.position });
  const lines = visits.flatMap(({ id, position }) => {
    const visitLines = input.visits[position].lineItems;
    const amounts = visitLines.map((l) => lineAmountCents(l.quantity, l.unitPrice));
    return lineItemColumns(ctx.companyId, visitLines, amounts, (imageUrl, at) => {
      if (!imageUrl) return null;
      const own = ownLineImageUrl(ctx.companyId, imageUrl);
      if (!own)
        throw new RuleError({ [`visits.${position}.lineItems.${at}.imageUrl`]: "The image must be uploaded first" });
      return own;
    }).map((row) => ({ ...row, visitId: id }));
  });
  if (lines.length) await tx.insert(servicePlanVisitLineItems).values(lines);
}

/** Creates a plan with its visits and their lines in one transaction. */
export async function createServicePlan(ctx: CallerContext, input: ServicePlanInput): Promise<{ id: number }> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      if (await nameTaken(tx, ctx, input.name)) throw nameTakenError();
      const [row] = await tx
        .insert(servicePlans)
        .values({ companyId: ctx.companyId, createdByUserId: ctx.userId, ...planColumns(input) })
        .returning({ id: servicePlans.id });
      await writeVisits(tx, ctx, row.id, input);
      return { id: row.id };
    }),
  );
}

/** Saves the whole plan (terms, visits and their lines replaced) in one transaction; false when not the company's. */
export async function updateServicePlan(ctx: CallerContext, id: number, input: ServicePlanInput): Promise<boolean> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [plan] = await tx
        .select({ id: servicePlans.id, archivedAt: servicePlans.archivedAt })
        .from(servicePlans)
        .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
        .for("update");
      if (!plan) return false;
      // Archived plans are outside the name rule (the unique index leaves them out too).
      if (!plan.archivedAt && (await nameTaken(tx, ctx, input.name, id))) throw nameTakenError();
      await tx
        .update(servicePlans)
        .set({ ...planColumns(input), updatedAt: new Date() })
        .where(eq(servicePlans.id, id));
      await writeVisits(tx, ctx, id, input);
      return true;
    }),
  );
}

/** Stops offering a plan (sold plans keep their copy of the terms); false when not the company's. */
export async function archiveServicePlan(ctx: CallerContext, id: number): Promise<boolean> {
  const rows = await db
    .update(servicePlans)
    .set({ archivedAt: sql`coalesce(${servicePlans.archivedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
    .returning({ id: servicePlans.id });
  return rows.length > 0;
}

/** Offers an archived plan again (its name must be free among the offered plans); false when not the company's. */
export async function restoreServicePlan(ctx: CallerContext, id: number): Promise<boolean> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [plan] = await tx
        .select({ name: servicePlans.name })
        .from(servicePlans)
        .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
        .for("update");
      if (!plan) return false;
      if (await nameTaken(tx, ctx, plan.name, id)) throw nameTakenError();
      await tx.update(servicePlans).set({ archivedAt: null, updatedAt: new Date() }).where(eq(servicePlans.id, id));
      return true;
    }),
  );
}

export const planSoldMessage = "This plan was sold to a customer: archive it instead.";

/** Deletes a plan never sold (its visits and lines go with it); a sold plan is refused; false when not the company's. */
export async function deleteServicePlan(ctx: CallerContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: servicePlans.id })
      .from(servicePlans)
      .where(and(eq(servicePlans.id, id), ofCompany(ctx)))
      .for("update");
    if (!plan) return false;
    if (await wasSold(tx, ctx, id)) throw new RuleError({ _global: planSoldMessage });
    await tx.delete(servicePlans).where(eq(servicePlans.id, id));
    return true;
  });
}

/** A plan as the API answers it: money in dollars and the tax rate in percent as POST takes them, and in cents. */
export function servicePlanJson(plan: OfferedPlan) {
  const amounts = paymentAmounts(plan.totalPriceCents, plan.paymentSchedule, plan.durationMonths);
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    visitsPerYear: plan.visits.length,
    totalPrice: plan.totalPriceCents / 100,
    totalPriceCents: plan.totalPriceCents,
    durationInYears: plan.durationMonths === null ? null : plan.durationMonths / 12,
    durationMonths: plan.durationMonths,
    paymentSchedule: plan.paymentSchedule,
    chargeMode: plan.chargeMode,
    invoiceTiming: plan.invoiceTiming,
    taxRate: plan.taxRate / 100,
    paymentCount: amounts.count,
    perPaymentCents: amounts.perPaymentCents,
    lastPaymentCents: amounts.lastPaymentCents,
    archivedAt: plan.archivedAt,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    visits: plan.visits.map((v) => ({
      id: v.id,
      position: v.position,
      visitDescription: v.visitDescription,
      lineItems: v.lineItems.map((l) => ({ ...lineItemJson(l), amountCents: l.amountCents })),
    })),
  };
}

/** GET /api/service-plans/{id}: the plan as the API answers it, or null. */
export async function findServicePlanForApi(ctx: CallerContext, id: number) {
  const plan = await getServicePlan(ctx, id);
  return plan ? servicePlanJson(plan) : null;
}
