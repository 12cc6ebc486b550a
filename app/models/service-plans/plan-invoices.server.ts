import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { customerServicePlans, invoices } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/api.server";
import { listPagePlan } from "~/models/list-pages.server";
import { companyToday, invoiceSearch } from "~/models/invoices/invoices.server";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";

/** The customer profile's "Subscription invoices" tab: newest first (its partial index), or by number, due date or total. */
export const PLAN_INVOICE_SORT_FIELDS = ["createdAt", "number", "dueDate", "total"] as const;
type PlanInvoiceSortField = (typeof PLAN_INVOICE_SORT_FIELDS)[number];

const sortColumns: Record<PlanInvoiceSortField, SQL> = {
  createdAt: sql`${invoices.createdAt}`,
  number: sql`${invoices.number}`,
  dueDate: sql`${invoices.dueDate}`,
  total: sql`${invoices.totalCents}`,
};

export const PLAN_INVOICES_COUNT_CAP = 10_000;

export type PlanInvoiceListItem = {
  id: number;
  number: number;
  planId: number | null;
  planName: string | null;
  billingPeriod: number | null;
  status: number;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
  isOverdue: boolean;
};

/**
 * GET /customers/{id}/subscriptions-invoices/page: the invoices of the customer's service plans,
 * one page (the invoices list's deferred join over invoices_company_customer_plan_created_idx),
 * searchable by number or text like the invoices tab.
 */
export async function listCustomerPlanInvoicesPage(
  ctx: CallerContext,
  customerId: number,
  query: { paging: Paging; searchQuery?: string },
): Promise<{ items: PlanInvoiceListItem[]; total: number; totalIsCapped: boolean }> {
  const today = await companyToday(db, ctx.companyId);
  const conditions: SQL[] = [
    eq(invoices.companyId, ctx.companyId),
    eq(invoices.customerId, customerId),
    isNotNull(invoices.customerServicePlanId),
  ];
  const search = invoiceSearch(query.searchQuery);
  if (search) conditions.push(search);
  const sort = query.paging.sortSettings.find((s) => s.fieldName in sortColumns);
  const descending = sort ? !!sort.descending : true;
  const plan = listPagePlan({
    table: invoices,
    id: invoices.id,
    where: and(...conditions),
    sortKeys: [sortColumns[(sort?.fieldName as PlanInvoiceSortField) ?? "createdAt"]],
    descending,
    offset: (query.paging.pageNumber - 1) * query.paging.pageSize,
    pageSize: query.paging.pageSize,
    companyTotal: null,
    cap: PLAN_INVOICES_COUNT_CAP,
  });
  const scanned = await db
    .select({
      hits: plan.hits,
      id: invoices.id,
      number: invoices.number,
      planId: invoices.customerServicePlanId,
      planName: customerServicePlans.name,
      billingPeriod: invoices.billingPeriod,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    })
    .from(invoices)
    .innerJoin(plan.page, eq(invoices.id, plan.page.pageId))
    .leftJoin(customerServicePlans, eq(customerServicePlans.id, invoices.customerServicePlanId))
    .orderBy(...plan.order);
  const { rows, total, totalIsCapped } = await plan.finish(scanned);
  return {
    total,
    totalIsCapped,
    items: rows.map(({ paidCents, ...r }) => ({
      ...r,
      balanceCents: Math.max(0, r.totalCents - paidCents),
      isOverdue: r.status === InvoiceStatus.Sent && r.dueDate < today,
    })),
  };
}
