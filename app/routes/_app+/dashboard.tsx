import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BarChart, RankingChart } from "~/components/charts";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { onboardingSteps } from "~/models/company/onboarding.server";
import { dashboardFigures } from "~/models/reports/dashboard.server";
import { scheduleHref } from "~/models/schedule/schedule";
import { dayjs, formatMoney } from "~/utils/format";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, user, company } = await requireAccess({ request, context }, screens.dashboard);
  const [steps, figures] = await Promise.all([onboardingSteps(ctx), dashboardFigures(ctx, company.timezone)]);
  return json({
    firstName: user.firstName,
    steps: steps.map(({ actionType, title, to, tip, isDone }) => ({ actionType, title, to, tip, isDone })),
    figures,
  });
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const monthName = (date: string) => dayjs.utc(date).format("MMMM YYYY");

export default function DashboardRoute() {
  const { firstName, steps, figures } = useLoaderData<typeof loader>();
  const { today, revenue, unpaid, overdue } = figures;
  const dayView = (date: string) => scheduleHref({ view: "day", date, employeeIds: [] });
  const change = revenueChange(revenue.thisMonthCents, revenue.previousMonthCents);
  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} />
      <div className="stack">
        <section aria-labelledby="figures-title">
          <h2 id="figures-title" className="visually-hidden">
            At a glance
          </h2>
          <ul className="dashboard-figures">
            <Figure label="Visits today" value={figures.visitsToday.toLocaleString("en-US")} to={dayView(today)} />
            <Figure
              label="Visits this week"
              value={figures.visitsThisWeek.toLocaleString("en-US")}
              to={scheduleHref({ view: "week", date: today, employeeIds: [] })}
            />
            <Figure
              label="Revenue this month"
              value={formatMoney(revenue.thisMonthCents)}
              to="/invoices?status=2"
              note={`${formatMoney(revenue.previousMonthCents)} last month${change ? ` (${change})` : ""}`}
            />
            <Figure
              label="Unpaid invoices"
              value={formatMoney(unpaid.balanceCents)}
              to="/invoices"
              note={
                <>
                  {count(unpaid.count, "invoice", "invoices")}:{" "}
                  <Link to="/invoices?status=0">{count(unpaid.notSent.count, "not sent", "not sent")}</Link>,{" "}
                  <Link to="/invoices?status=1">{count(unpaid.sent.count, "sent", "sent")}</Link>
                </>
              }
            />
            <Figure
              label="Overdue invoices"
              value={formatMoney(overdue.balanceCents)}
              to="/invoices?status=overdue"
              note={count(overdue.count, "invoice past its due date", "invoices past their due date")}
              tone={overdue.count > 0 ? "danger" : undefined}
            />
            <Figure
              label="Estimates awaiting an answer"
              value={figures.estimatesAwaitingAnswer.toLocaleString("en-US")}
              to="/estimates?status=4"
              note="Sent, not yet approved or declined"
            />
            <Figure
              label="New booking requests"
              value={figures.newBookingRequests.toLocaleString("en-US")}
              to="/booking-requests"
            />
          </ul>
        </section>
        <div className="dashboard-charts">
          <section className="card">
            <BarChart
              title="Visits this week"
              format="count"
              points={figures.week.map((day) => ({
                label: dayjs.utc(day.date).format("ddd D"),
                value: day.count,
                href: dayView(day.date),
              }))}
            />
          </section>
          <section className="card">
            <BarChart
              title="Revenue: this month against last month"
              format="cents"
              seriesLabels={[monthName(revenue.monthStart), monthName(revenue.previousMonthStart)]}
              points={revenue.bucketLabels.map((label, i) => ({
                label,
                value: revenue.thisMonthBuckets[i],
              }))}
              previous={revenue.bucketLabels.map((label, i) => ({
                label,
                value: revenue.previousMonthBuckets[i],
              }))}
            />
          </section>
          <section className="card">
            <RankingChart
              title="Jobs by status"
              format="count"
              points={figures.jobsByStatus.map((s) => ({
                label: s.label,
                value: s.count,
                href: `/jobs?status=${s.status}`,
              }))}
            />
          </section>
        </div>
        <OnboardingChecklist steps={steps} />
      </div>
    </>
  );
}

/** "+12%" / "-5%" from last month to this one; null when last month had nothing. */
function revenueChange(current: number, previous: number): string | null {
  if (previous <= 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

function Figure({
  label,
  value,
  to,
  note,
  tone,
}: {
  label: string;
  value: string;
  to: string;
  note?: ReactNode;
  tone?: "danger";
}) {
  return (
    <li className={`card dashboard-figure${tone ? ` dashboard-figure-${tone}` : ""}`}>
      <Link to={to} className="dashboard-figure-link">
        <span className="dashboard-figure-label">{label}</span>
        <span className="dashboard-figure-value">{value}</span>
      </Link>
      {note ? <p className="muted dashboard-figure-note">{note}</p> : null}
    </li>
  );
}

type Step = { actionType: number; title: string; to: string; tip: string; isDone: boolean };

function OnboardingChecklist({ steps }: { steps: Step[] }) {
  const done = steps.filter((s) => s.isDone).length;
  return (
    <section className="card stack" aria-labelledby="onboarding-title">
      <div>
        <h2 id="onboarding-title">Get set up</h2>
        <p className="muted">
          {done} of {steps.length} steps done
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
        >
          <span style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
      </div>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.actionType} className={step.isDone ? "done" : undefined}>
            <span className="tick" aria-hidden="true">
              {step.isDone ? "✓" : ""}
            </span>
            <div className="spacer">
              <Link to={step.to} className="step-title">
                {step.title}
              </Link>
              <span className="visually-hidden">{step.isDone ? " (done)" : " (to do)"}</span>
              <div className="muted">{step.tip}</div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard | Fieldwise" }];
