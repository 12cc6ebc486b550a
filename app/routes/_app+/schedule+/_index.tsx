import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Agenda } from "~/components/schedule/agenda";
import { MonthGrid } from "~/components/schedule/month-grid";
import { ScheduleIsland } from "~/components/schedule/schedule-island";
import { ScheduleToolbar } from "~/components/schedule/schedule-toolbar";
import scheduleStyles from "~/components/schedule/schedule.css";
import { TimeGrid, type ColumnLabel } from "~/components/schedule/time-grid";
import { UnscheduledList } from "~/components/schedule/unscheduled-list";
import { PageHeader } from "~/components/page-header";
import { forbidden, notFound, requireAccess } from "~/access/access.server";
import { PlanFeature } from "~/access/features";
import { RuleError } from "~/models/rules";
import {
  dateParts,
  scheduleHref,
  type AgendaVisit,
  type GridColumnLayout,
  type ScheduleVisit,
} from "~/models/schedule/schedule";
import { moveVisitSchema } from "~/models/schedule/schedule.schema";
import {
  isFieldTech,
  loadSchedule,
  moveVisit,
  parseScheduleQuery,
  emptySchedule,
  scheduleViewChosen,
} from "~/models/schedule/schedule.server";
import { listAgendaVisits } from "~/models/schedule/schedule-agenda.server";
import { safeRedirect, toasts } from "~/sessions.server";
import { unknownIntent } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.schedule);
  const url = new URL(request.url);
  const query = parseScheduleQuery(url, company.timezone);
  const tech = isFieldTech(ctx);
  // The agenda alone: what a phone (and its offline copy) opens, one query.
  if (query.view === "agenda") {
    const agenda = await listAgendaVisits(ctx, query.date, company.timezone);
    return json({
      page: "agenda" as const,
      ...emptySchedule(query, company.timezone),
      visitCount: agenda.length,
      agenda,
      canDrag: false,
      isFieldTech: tech,
    });
  }
  // No view in the URL: the page also carries the selected day's agenda, shown instead of the grid on phones.
  const viewChosen = scheduleViewChosen(url);
  const [schedule, agenda] = await Promise.all([
    loadSchedule(ctx, query, company.timezone),
    viewChosen ? null : listAgendaVisits(ctx, query.date, company.timezone),
  ]);
  return json({
    page: "calendar" as const,
    ...schedule,
    agenda,
    canDrag: company.planFeatures.includes(PlanFeature.DragAndDropCalendar),
    isFieldTech: tech,
  });
}

/** intent=move / resize of a job or estimate visit from the drag-and-drop island (drag-and-drop calendar plan feature). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.schedule);
  const form = formFields(await request.formData());
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
    // The jobs and estimates models refuse a move by their own rules (a finished visit, a cancelled estimate).
    if (!(error instanceof RuleError)) throw error;
    return json({ message: error.message, errors: { [error.field]: error.message } }, { status: 400 });
  }
  const back = safeRedirect(parsed.data.returnTo, "/schedule");
  return toasts().redirectWithSuccess(back.startsWith("/schedule") ? back : "/schedule", "Visit rescheduled");
}

export default function ScheduleRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.page === "agenda") return <AgendaPage date={data.date} today={data.today} visits={data.agenda ?? []} />;
  return <CalendarPage data={data} />;
}

function AgendaPage({ date, today, visits }: { date: string; today: string; visits: AgendaVisit[] }) {
  return (
    <>
      <PageHeader title="Schedule" />
      <ScheduleToolbar
        query={{ view: "agenda", date, employeeIds: [] }}
        today={today}
        employees={[]}
        showFilter={false}
      />
      <Agenda date={date} today={today} visits={visits} nav={false} />
    </>
  );
}

type CalendarData = SerializeFrom<typeof loader>;

/** The calendar (day, week, month); without a view in the URL, phones see the day's agenda instead. */
function CalendarPage({ data }: { data: CalendarData }) {
  const query = { view: data.view, date: data.date, employeeIds: data.employeeIds };
  const returnTo = scheduleHref(query);
  const colors = new Map(data.employees.map((e) => [e.id, e.color]));
  const colorOf = (visit: ScheduleVisit, lane?: number) =>
    colors.get(lane && lane > 0 ? lane : visit.employeeIds[0]) ?? null;
  const dayHref = (date: string) => scheduleHref({ ...query, view: "day", date });
  const lanes = new Map((data.lanes ?? []).map((l) => [l.id, l]));
  const labelOf = (column: GridColumnLayout): ColumnLabel => {
    const lane = column.lane === undefined ? undefined : lanes.get(column.lane);
    if (lane) return { groupLabel: lane.name, header: <LaneHeader name={lane.name} color={lane.color} /> };
    const day = dateParts(column.date);
    return {
      groupLabel: day.label,
      isToday: column.date === data.today,
      header: (
        <Link to={dayHref(column.date)} aria-label={day.label}>
          <span className="tg-weekday">{day.weekdayShort}</span> <span className="tg-daynum">{day.day}</span>
        </Link>
      ),
    };
  };
  return (
    <div className={data.agenda ? "schedule-auto" : undefined}>
      <PageHeader title="Schedule" />
      <ScheduleToolbar query={query} today={data.today} employees={data.employees} showFilter={!data.isFieldTech} />
      {data.agenda ? <Agenda date={data.date} today={data.today} visits={data.agenda} nav /> : null}
      <div className="schedule-layout">
        <ScheduleIsland enabled={data.canDrag} returnTo={returnTo}>
          {data.month ? (
            <MonthGrid
              days={data.month}
              month={data.date}
              today={data.today}
              colorOf={colorOf}
              dayHref={dayHref}
              returnTo={returnTo}
            />
          ) : null}
          {data.grid ? (
            <TimeGrid
              layout={data.grid}
              labelOf={labelOf}
              colorOf={colorOf}
              moreHref={dayHref}
              returnTo={returnTo}
              label={data.view === "day" ? "Visits by employee" : "Visits by day"}
            />
          ) : null}
          {data.visitCount === 0 ? <p className="muted schedule-empty">No visits in this {data.view}.</p> : null}
        </ScheduleIsland>
        <UnscheduledList jobs={data.unscheduled} returnTo={returnTo} />
      </div>
    </div>
  );
}

function LaneHeader({ name, color }: { name: string; color: string | null }) {
  return (
    <span className="tg-lane">
      <span className="swatch" style={{ background: color ?? undefined }} aria-hidden="true" />
      {name}
    </span>
  );
}

export const meta: MetaFunction = () => [{ title: "Schedule | Fieldwise" }];
