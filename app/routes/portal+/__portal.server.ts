import { json, type AppLoadContext } from "@remix-run/node";
import { requirePortal, type PortalAccess, type PortalSettings } from "~/access/portal.server";
import type { RouteRule } from "~/access/route-table";
import type { PortalEstimate, PortalInvoice, PortalPlan, PortalVisit } from "~/models/portal/portal-records.server";
import { isOpenEstimate } from "~/models/portal/portal-records.server";
import { EstimateApproval, estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { planStatusLabels } from "~/models/service-plans/plan-terms";
import { dayjs, formatInZone, formatMoney } from "~/utils/format";
import { NO_STORE } from "./__portal-ui";

type Args = { request: Request; context?: AppLoadContext };

/** A portal section's 404: kept out of caches like every portal answer. */
export function sectionNotFound(): never {
  throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
}

/**
 * The first call of every portal loader and action: the portal session (requirePortal), then the
 * section's permission from the company's settings; a section the settings forbid answers 404, as
 * an unknown page does.
 */
export async function requireSection(
  args: Args,
  entry: RouteRule,
  allowed?: keyof Pick<PortalSettings, "canSeeVisits" | "canRequestWork" | "canManageCards">,
): Promise<PortalAccess> {
  const access = await requirePortal(args, entry);
  if (allowed && !access.settings[allowed]) sectionNotFound();
  return access;
}

export const ownerOf = (access: PortalAccess) => ({ companyId: access.companyId, customerId: access.customerId });

const DAY = "ddd, MMM D, YYYY";
const TIME = "h:mm A";

/** A visit as the pages show it, in the company's time zone. */
export function visitView(v: PortalVisit, tz: string) {
  return {
    id: v.id,
    title: v.name || "Service visit",
    status: jobStatusLabels[v.status as JobStatusValue] ?? "",
    date: v.startTime ? formatInZone(v.startTime, tz, DAY) : "Not scheduled yet",
    time: !v.startTime
      ? null
      : v.isAllDay
        ? "All day"
        : `${formatInZone(v.startTime, tz, TIME)} – ${formatInZone(v.endTime, tz, TIME)}`,
    address: [v.location, v.unitNumber ? `Unit ${v.unitNumber}` : null].filter(Boolean).join(", "),
    href: `/service-visit-details/${encodeURIComponent(v.publicToken)}`,
  };
}
export type VisitView = ReturnType<typeof visitView>;

export function estimateView(e: PortalEstimate, tz: string) {
  const status =
    e.approval === EstimateApproval.Approved
      ? "Approved"
      : e.approval === EstimateApproval.Declined
        ? "Declined"
        : isOpenEstimate(e)
          ? "Waiting for your answer"
          : (estimateStatusLabels[e.status as EstimateStatusValue] ?? "");
  return {
    id: e.id,
    title: `Estimate #${e.number}${e.name ? `: ${e.name}` : ""}`,
    status,
    total: formatMoney(e.totalCents),
    sent: e.sentAt ? formatInZone(e.sentAt, tz, "MMM D, YYYY") : null,
    open: isOpenEstimate(e),
    href: `/estimate-details/${encodeURIComponent(e.publicToken)}`,
  };
}
export type EstimateView = ReturnType<typeof estimateView>;

export function invoiceView(i: PortalInvoice, tz: string, now = new Date()) {
  const dueCents = Math.max(0, i.totalCents - i.paidCents);
  const paid = dueCents === 0;
  const today = formatInZone(now, tz, "YYYY-MM-DD");
  return {
    id: i.id,
    title: `Invoice #${i.number}`,
    status: paid ? "Paid" : i.dueDate < today ? "Overdue" : i.paidCents > 0 ? "Partly paid" : "Due",
    paid,
    total: formatMoney(i.totalCents),
    due: formatMoney(dueCents),
    dueDate: dayjs(i.dueDate).format("MMM D, YYYY"),
    paidOn: i.paidAt ? formatInZone(i.paidAt, tz, "MMM D, YYYY") : null,
    href: `/invoice-details/${encodeURIComponent(i.publicToken)}`,
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;

export function planView(p: PortalPlan) {
  return {
    id: p.id,
    title: p.name,
    status: planStatusLabels[p.status as 0 | 1 | 4] ?? "",
    price: formatMoney(p.totalPriceCents),
    address: p.location ?? "",
    since: dayjs(p.startDate).format("MMM D, YYYY"),
    href: `/service-plan-details/${encodeURIComponent(p.publicToken)}`,
  };
}
export type PlanView = ReturnType<typeof planView>;
