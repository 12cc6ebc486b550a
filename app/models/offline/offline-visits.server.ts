import { and, asc, eq, inArray } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { assignedChecklists } from "~/db/schema";
import { addDays } from "~/models/schedule/schedule";
import { listAgendaVisits } from "~/models/schedule/schedule-agenda.server";
import { todayIn } from "~/models/schedule/schedule.server";

/** The route ids whose loaders answer a page's Remix `_data` calls (the layouts' too, for revalidation). */
export const LAYOUT_ROUTE_IDS = ["root", "routes/_app+/_layout"] as const;
const PAGE_ROUTE_IDS = {
  agenda: "routes/_app+/schedule+/_index",
  job: "routes/_app+/jobs+/$id",
  checklist: "routes/_app+/jobs+/$id_.checklist.$checklistId",
} as const;

export type OfflinePage = { url: string; data: string[] };

const page = (url: string, routeId: string): OfflinePage => ({
  url,
  data: [...LAYOUT_ROUTE_IDS, routeId].map((id) => {
    const u = new URL(url, "http://x");
    u.searchParams.set("_data", id);
    return `${u.pathname}${u.search}`;
  }),
});

/**
 * What a technician's phone keeps for reading with no signal: the agenda of today and tomorrow in
 * the company's zone, and the caller's own job visits of those days with their checklists' pages.
 * Each page comes with its Remix `_data` calls (docs/decisions/075).
 */
export async function offlinePages(ctx: CallerContext, timezone: string, now = new Date()): Promise<OfflinePage[]> {
  const today = todayIn(timezone, now);
  const tomorrow = addDays(today, 1);
  const days = await Promise.all([today, tomorrow].map((date) => listAgendaVisits(ctx, date, timezone)));
  const jobIds = [...new Set(days.flat().flatMap((v) => (v.kind === "job" ? [v.id] : [])))];
  const checklists = jobIds.length
    ? await db
        .select({ id: assignedChecklists.id, jobId: assignedChecklists.jobId })
        .from(assignedChecklists)
        .where(and(eq(assignedChecklists.companyId, ctx.companyId), inArray(assignedChecklists.jobId, jobIds)))
        .orderBy(asc(assignedChecklists.jobId), asc(assignedChecklists.position))
    : [];
  return [
    page("/schedule?view=agenda", PAGE_ROUTE_IDS.agenda),
    page(`/schedule?view=agenda&date=${today}`, PAGE_ROUTE_IDS.agenda),
    page(`/schedule?view=agenda&date=${tomorrow}`, PAGE_ROUTE_IDS.agenda),
    ...jobIds.map((id) => page(`/jobs/${id}`, PAGE_ROUTE_IDS.job)),
    ...checklists.map((c) => page(`/jobs/${c.jobId}/checklist/${c.id}`, PAGE_ROUTE_IDS.checklist)),
  ];
}
