import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PageHeader } from "~/components/page-header";
import { ServicePlansTabs } from "~/components/service-plans-tabs";
import { servicePlansOverview } from "~/models/service-plans/customer-plans.server";
import { PlanStatus } from "~/models/service-plans/plan-terms";
import { DATE_LONG, formatInZone, formatMoney } from "~/utils/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.servicePlans.list);
  const overview = await servicePlansOverview(ctx);
  const on = (d: Date | string | null) => (d ? formatInZone(d, company.timezone, DATE_LONG) : null);
  return json({
    ...overview,
    pending: overview.pending.map((p) => ({ ...p, since: on(p.sentAt ?? p.createdAt) })),
    failedCharges: overview.failedCharges.map((p) => ({ ...p, since: on(p.lastChargeFailedAt) })),
  });
}

/** Service plans at a glance: how many in each status, what the active ones bring in a month, and what needs attention. */
export default function ServicePlansRoute() {
  const data = useLoaderData<typeof loader>();
  const listOf = (status: number) => `/service-plans/customer-service-plans?status=${status}`;
  return (
    <>
      <PageHeader
        title="Service Plans"
        actions={
          <Link className="button button-primary" to="/assign-service-plan">
            Sell a Service Plan
          </Link>
        }
      />
      <ServicePlansTabs />
      <section
        aria-label="Sold plans"
        style={{
          display: "grid",
          gap: "1rem",
          gridTemplateColumns: "repeat(auto-fit, minmax(11rem, 1fr))",
          marginBottom: "1rem",
        }}
      >
        <Stat label="Active" value={String(data.counts.active)} to={listOf(PlanStatus.Active)} />
        <Stat label="Pending signature" value={String(data.counts.pending)} to={listOf(PlanStatus.Pending)} />
        <Stat label="Cancelled" value={String(data.counts.cancelled)} to={listOf(PlanStatus.Cancelled)} />
        <Stat label="Recurring revenue per month" value={formatMoney(data.monthlyRecurringCents)} />
      </section>
      <section className="card stack" aria-labelledby="attention-title">
        <h2 id="attention-title">Needs attention</h2>
        {data.pending.length === 0 && data.failedCharges.length === 0 ? (
          <p className="muted">Nothing needs attention.</p>
        ) : null}
        {data.failedCharges.length ? (
          <>
            <h3>Failed charges</h3>
            <ul className="stack">
              {data.failedCharges.map((p) => (
                <li key={p.id}>
                  <Link to={`/service-plans/customer-service-plans/${p.id}`}>
                    {p.name}: {p.customerName}
                  </Link>{" "}
                  <span className="muted">
                    {p.since ? `on ${p.since}: ` : ""}
                    {p.lastChargeError}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {data.pending.length ? (
          <>
            <h3>Pending signature</h3>
            <ul className="stack">
              {data.pending.map((p) => (
                <li key={p.id}>
                  <Link to={`/service-plans/customer-service-plans/${p.id}`}>
                    {p.name}: {p.customerName}
                  </Link>{" "}
                  <span className="muted">since {p.since}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}

function Stat({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <div className="card stack" style={{ gap: "0.25rem" }}>
      <span className="muted">{label}</span>
      <strong style={{ fontSize: "1.5rem" }}>
        {to ? (
          <Link to={to} aria-label={`${value} ${label.toLowerCase()}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </strong>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Service Plans | Fieldwise" }];
