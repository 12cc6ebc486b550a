import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MonthGrid } from "~/components/schedule/month-grid";
import { ScheduleIsland } from "~/components/schedule/schedule-island";
import { ScheduleToolbar } from "~/components/schedule/schedule-toolbar";
import scheduleStyles from "~/components/schedule/schedule.css";
import { TimeGrid, type GridColumn } from "~/components/schedule/time-grid";
import { UnscheduledList } from "~/components/schedule/unscheduled-list";
import { PageHeader } from "~/components/page-header";
import { forbidden, notFound, requireAccess } from "~/models/access.server";
import { PlanFeature } from "~/models/features";
import { JobRuleError } from "~/models/jobs.server";
import { scheduleHref, type ScheduleVisit } from "~/models/schedule";
import { moveVisitSchema } from "~/models/schedule.schema";
import { isFieldTech, loadSchedule, moveVisit, parseScheduleQuery } from "~/models/schedule.server";
import { safeRedirect, toasts } from "~/sessions.server";
import { formDataObject, unknownIntent } from "~/utils/forms.server";
import { dayjs } from "~/utils/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess(request);
  const query = parseScheduleQuery(new URL(request.url), company.timezone);
  const schedule = await loadSchedule(ctx, query, company.timezone);
  return json({ ...schedule, canDrag: company.planFeatures.includes(PlanFeature.DragAndDropCalendar), isFieldTech: isFieldTech(ctx) });
}

/** intent=move / resize from the drag-and-drop island (drag-and-drop calendar plan feature). */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess(request);
  const form = formDataObject(await request.formData());
  if (form.intent !== "move" && form.intent !== "resize") unknownIntent();
  if (!company.planFeatures.includes(PlanFeature.DragAndDropCalendar)) forbidden();
  const parsed = moveVisitSchema.safeParse(form);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join(".") || "_global", i.message]));
    return json({ message: Object.values(errors)[0], errors }, { status: 400 });
  }
  try {
    const result = await moveVisit(ctx, parsed.data, company.timezone);
    if (!result) notFound();
  } catch (error) {
    if (!(error instanceof JobRuleError)) throw error;
    return json({ message: error.message, errors: { [error.field]: error.message } }, { status: 400 });
  }
  const back = safeRedirect(parsed.data.returnTo, "/schedule");
  return toasts().redirectWithSuccess(back.startsWith("/schedule") ? back : "/schedule", "Visit rescheduled");
}

export default function ScheduleRoute() {
  const data = useLoaderData<typeof loader>();
  const query = { view: data.view, date: data.date, employeeIds: data.employeeIds };
  const returnTo = scheduleHref(query);
  const colors = new Map(data.employees.map((e) => [e.id, e.color]));
  const colorOf = (visit: ScheduleVisit, lane?: number) => colors.get(lane && lane > 0 ? lane : visit.employeeIds[0]) ?? null;
  const dayHref = (date: string) => scheduleHref({ ...query, view: "day", date });
  return (
    <>
      <PageHeader title="Schedule" />
      <ScheduleToolbar query={query} today={data.today} employees={data.employees} showFilter={!data.isFieldTech} />
      <div className="schedule-layout">
        <ScheduleIsland enabled={data.canDrag} returnTo={returnTo}>
          {data.view === "month" ? (
            <MonthGrid days={data.days} month={data.date} today={data.today} visits={data.visits} colorOf={colorOf} dayHref={dayHref} returnTo={returnTo} />
          ) : (
            <TimeGrid columns={data.view === "day" ? laneColumns(data) : dayColumns(data, dayHref)} colorOf={colorOf} returnTo={returnTo} label={data.view === "day" ? "Visits by employee" : "Visits by day"} />
          )}
          {data.visits.length === 0 ? <p className="muted schedule-empty">No visits in this {data.view}.</p> : null}
        </ScheduleIsland>
        <UnscheduledList jobs={data.unscheduled} returnTo={returnTo} />
      </div>
    </>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** Week view: one column per day, headed by a link to that day. */
function dayColumns(data: Data, dayHref: (date: string) => string): GridColumn[] {
  return data.days.map((date) => {
    const d = dayjs.utc(date);
    return {
      key: date,
      date,
      groupLabel: d.format("dddd, MMM D"),
      isToday: date === data.today,
      visits: data.visits,
      moreHref: dayHref(date),
      header: (
        <Link to={dayHref(date)} aria-label={d.format("dddd, MMM D")}>
          <span className="tg-weekday">{d.format("ddd")}</span> <span className="tg-daynum">{d.format("D")}</span>
        </Link>
      ),
    };
  });
}

/** Day view: one lane per employee shown (and one for unassigned visits when nobody is filtered). */
function laneColumns(data: Data): GridColumn[] {
  const shown = data.employeeIds.length ? data.employees.filter((e) => data.employeeIds.includes(e.id)) : data.employees;
  const lanes = shown.map((e) => ({ id: e.id, name: e.name, color: e.color }));
  if (!data.isFieldTech && data.employeeIds.length === 0) lanes.push({ id: 0, name: "Unassigned", color: null });
  return lanes.map((lane) => ({
    key: `lane-${lane.id}`,
    date: data.date,
    lane: lane.id,
    groupLabel: lane.name,
    visits: data.visits.filter((v) => (lane.id === 0 ? v.employeeIds.length === 0 : v.employeeIds.includes(lane.id))),
    header: (
      <span className="tg-lane">
        <span className="swatch" style={{ background: lane.color ?? undefined }} aria-hidden="true" />
        {lane.name}
      </span>
    ),
  }));
}

export const meta: MetaFunction = () => [{ title: "Schedule | Fieldwise" }];
