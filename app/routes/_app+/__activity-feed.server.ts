import type { Access } from "~/access/access.server";
import {
  ACTIVITY_MAX_OFFSET,
  ACTIVITY_SOURCES,
  activityEventLabels,
  eventTypeKey,
  isFiltered,
  readActivityQuery,
} from "~/models/activity/activity.schema";
import { activityEmployees, listActivityPage } from "~/models/activity/activity.server";
import { dayjs } from "~/utils/format";

const SOURCE_NAMES = { job: "Jobs", estimate: "Estimates", invoice: "Invoices" } as const;

/** The type filter's choices, by timeline: each names its own catalogue's types. */
const typeGroups = ACTIVITY_SOURCES.map((source) => ({
  label: SOURCE_NAMES[source],
  options: Object.entries(activityEventLabels[source])
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([type, label]) => ({ value: eventTypeKey({ source, type: Number(type) }), label })),
}));

/**
 * The activity feed's data: the filters read from the URL (a value not ours is ignored, a bad date
 * is a field error), the page of events and the employee filter's choices.
 */
export async function loadActivityFeed(access: Access, url: URL) {
  const { ctx, company } = access;
  const query = readActivityQuery(url);
  const timezone = company.timezone;
  const page = await listActivityPage({
    companyId: ctx.companyId,
    timezone,
    filters: query.filters,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    timezone,
    feed: page,
    olderTo:
      page.hasNext && page.page * page.pageSize >= ACTIVITY_MAX_OFFSET ? olderTo(page.items, query, timezone) : null,
    filters: query.filters,
    filtered: isFiltered(query.filters),
    values: query.values,
    errors: query.errors,
    typeGroups,
    selectedTypes: query.filters.types.map(eventTypeKey),
    employeeOptions: await activityEmployees(ctx.companyId),
  };
}

/** Past the numbered pages, older events go on from the last shown event's day (the day before when that is already the end). */
function olderTo(items: { at: string }[], query: ReturnType<typeof readActivityQuery>, timezone: string) {
  const last = items.at(-1);
  if (!last) return null;
  const day = dayjs(last.at).tz(timezone).format("YYYY-MM-DD");
  return day === query.filters.to ? dayjs.utc(day).subtract(1, "day").format("YYYY-MM-DD") : day;
}
