import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart, RankingChart } from "~/components/charts";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import {
  breakdownColumnTitles,
  readReportFilters,
  reportQuery,
  SALES_BREAKDOWNS,
  salesBreakdownLabels,
  type SalesBreakdown,
} from "~/models/reports/reports.schema";
import {
  salesBreakdown,
  salesByPeriod,
  type SalesBreakdownRow,
  type SalesPeriodRow,
} from "~/models/reports/reports.server";
import { hasFilters, rangeText, ReportFilterForm } from "~/routes/_app+/__report-filters";
import { BreakdownTable, PeriodTable, periodChartPoints } from "~/routes/_app+/__report-tables";
import reportStyles from "~/styles/reports.css";
import { dayjs } from "~/utils/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

/** What each tab counts, shown above its table. */
const HELP: Record<SalesBreakdown, string> = {
  period:
    "Invoiced: invoice totals with tax, by issue date; uncollectible invoices are left out. Collected: payments received, by the day they were paid.",
  employee:
    "Each invoice's total is split evenly among the employees assigned to its job, to the cent. Invoices without a job or without employees are Unassigned.",
  item: "Invoice line amounts (quantity × price, before discount and tax), by price book item, or by the line's name when it was typed.",
  leadSource:
    "Invoice totals by the customer's lead source. A customer with two lead sources counts in both, so the rows may add up to more than the sales.",
  tag: "Invoice totals by the customer's tags. A customer with two tags counts in both, so the rows may add up to more than the sales.",
};

const RANKING_TITLES: Record<Exclude<SalesBreakdown, "period">, string> = {
  employee: "Employees by sales",
  item: "Services and items by line amounts",
  leadSource: "Lead sources by sales",
  tag: "Customer tags by sales",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.reports.sales);
  const url = new URL(request.url);
  const today = dayjs().tz(company.timezone).format("YYYY-MM-DD");
  const { filters, errors, given } = readReportFilters(url, today);
  const rows: SalesPeriodRow[] | SalesBreakdownRow[] =
    filters.by === "period" ? await salesByPeriod(ctx, filters) : await salesBreakdown(ctx, filters.by, filters);
  return json({ filters, errors, given, rows, filtered: hasFilters(url) });
}

export default function ReportSalesRoute() {
  const { filters, errors, given, rows, filtered } = useLoaderData<typeof loader>();
  const query = reportQuery(filters);
  const tabQuery = (by: SalesBreakdown) => reportQuery({ ...filters, by });
  const label = salesBreakdownLabels[filters.by];
  return (
    <>
      <PageHeader
        title="Sales report"
        breadcrumb={{
          label: "Reports",
          to: `/reports${filtered ? `?${reportQuery({ ...filters, by: "period" })}` : ""}`,
        }}
        actions={
          <a className="button" href={`/report-sales/csv${query ? `?${query}` : ""}`} download>
            Export CSV
          </a>
        }
      />
      <ReportFilterForm
        filters={filters}
        errors={errors}
        given={given}
        clearTo={filtered ? `/report-sales${filters.by === "period" ? "" : `?by=${filters.by}`}` : null}
      />
      <nav className="tabs" aria-label="Sales report views">
        {SALES_BREAKDOWNS.map((by) => (
          <Link
            key={by}
            to={`/report-sales${tabQuery(by) ? `?${tabQuery(by)}` : ""}`}
            aria-current={by === filters.by ? "page" : undefined}
          >
            {salesBreakdownLabels[by]}
          </Link>
        ))}
      </nav>
      <section className="card report-section" aria-labelledby="sales-title">
        <h2 id="sales-title">
          Sales {label.toLowerCase()}, {rangeText(filters)}
        </h2>
        <p className="muted">{HELP[filters.by]}</p>
        {filters.by === "period" ? (
          <>
            <BarChart
              title="Invoiced and collected"
              points={periodChartPoints(rows as SalesPeriodRow[], filters.group, "invoicedCents")}
              previous={periodChartPoints(rows as SalesPeriodRow[], filters.group, "collectedCents")}
              seriesLabels={["Invoiced", "Collected"]}
              format="cents"
            />
            <PeriodTable rows={rows as SalesPeriodRow[]} />
          </>
        ) : (
          <>
            {rows.length > 0 ? (
              <RankingChart
                title={`${RANKING_TITLES[filters.by]}${rows.length > 10 ? " (first 10)" : ""}`}
                points={(rows as SalesBreakdownRow[])
                  .slice(0, 10)
                  .map((row) => ({ label: row.name, value: row.salesCents }))}
                format="cents"
              />
            ) : null}
            <BreakdownTable
              rows={rows as SalesBreakdownRow[]}
              nameTitle={breakdownColumnTitles[filters.by]}
              amountTitle={filters.by === "item" ? "Line amounts" : "Sales"}
              caption={`Sales ${label.toLowerCase()}`}
              showTotal={filters.by === "employee" || filters.by === "item"}
            />
          </>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Sales report | Fieldwise" }];
