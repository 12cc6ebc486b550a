import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/charts";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { formatPercent, readReportFilters, reportQuery } from "~/models/reports/reports.schema";
import { reportOverview, salesByPeriod } from "~/models/reports/reports.server";
import { hasFilters, rangeText, ReportFilterForm } from "~/routes/_app+/__report-filters";
import { PeriodTable, periodChartPoints } from "~/routes/_app+/__report-tables";
import reportStyles from "~/styles/reports.css";
import { dayjs, formatMoney } from "~/utils/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.reports.list);
  const url = new URL(request.url);
  const today = dayjs().tz(company.timezone).format("YYYY-MM-DD");
  const { filters, errors, given } = readReportFilters(url, today);
  const [overview, periods] = await Promise.all([reportOverview(ctx, filters), salesByPeriod(ctx, filters)]);
  return json({ filters, errors, given, overview, periods, filtered: hasFilters(url) });
}

export default function ReportsRoute() {
  const { filters, errors, given, overview, periods, filtered } = useLoaderData<typeof loader>();
  const range = { from: filters.from, to: filters.to, group: filters.group };
  const query = reportQuery(range);
  const stats = [
    {
      title: "Invoiced",
      figure: formatMoney(overview.invoicedCents),
      help: "Invoice totals with tax, by issue date. Uncollectible invoices are left out.",
    },
    {
      title: "Collected",
      figure: formatMoney(overview.collectedCents),
      help: "Payments received, by the day they were paid.",
    },
    {
      title: "Jobs completed",
      figure: overview.jobsCompleted.toLocaleString("en-US"),
      help: "Jobs by the day they were last marked Finished (a change that was undone does not count; a job finished again counts once, on its last day).",
    },
    {
      title: "Average ticket",
      figure: overview.averageTicketCents === null ? "—" : formatMoney(overview.averageTicketCents),
      help: `Invoiced divided by the number of invoices (${overview.invoiceCount}).`,
    },
    {
      title: "Estimate conversion",
      figure: formatPercent(overview.estimatesApproved, overview.estimatesSent),
      help: `${overview.estimatesApproved} of ${overview.estimatesSent} estimates first sent in the range are approved.`,
    },
  ];
  return (
    <>
      <PageHeader
        title="Reports"
        actions={
          <Link className="button button-primary" to={`/report-sales${query ? `?${query}` : ""}`}>
            Sales report
          </Link>
        }
      />
      <ReportFilterForm filters={filters} errors={errors} given={given} clearTo={filtered ? "/reports" : null} />
      <p>
        <strong>{rangeText(filters)}</strong>
      </p>
      <section className="card report-section" aria-labelledby="report-summary-title">
        <h2 id="report-summary-title">Summary</h2>
        <dl className="report-stats">
          {stats.map((stat) => (
            <div key={stat.title} className="report-stat">
              <dt>{stat.title}</dt>
              <dd>
                <span className="report-figure">{stat.figure}</span>
                <span className="report-help">{stat.help}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card report-section">
        <BarChart
          title="Invoiced and collected"
          points={periodChartPoints(periods, filters.group, "invoicedCents")}
          previous={periodChartPoints(periods, filters.group, "collectedCents")}
          seriesLabels={["Invoiced", "Collected"]}
          format="cents"
        />
      </section>
      <section className="card report-section" aria-labelledby="report-periods-title">
        <div className="row">
          <h2 id="report-periods-title" className="spacer">
            Sales by period
          </h2>
          <a className="button" href={`/report-sales/csv${query ? `?${query}` : ""}`} download>
            Export CSV
          </a>
        </div>
        <PeriodTable rows={periods} />
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Reports | Fieldwise" }];
