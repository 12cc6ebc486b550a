import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { JOB_SORT_FIELDS, JOB_STATUSES, jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { JOBS_COUNT_CAP, listJobsPage, type JobListItem } from "~/models/jobs/jobs.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { formatInZone, formatMoney } from "~/utils/format";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const ids = (values: string[]) =>
  [...new Set(values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 50);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.jobs.list);
  const url = new URL(request.url);
  const params = readListParams(url, JOB_SORT_FIELDS);
  const tagIds = ids(url.searchParams.getAll("tag"));
  const statusText = url.searchParams.get("status") ?? "";
  const status =
    statusText !== "" && JOB_STATUSES.includes(Number(statusText) as JobStatusValue) ? Number(statusText) : undefined;
  const [page, tagOptions] = await Promise.all([
    listJobsPage(ctx, {
      paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
      searchQuery: params.search,
      tags: tagIds,
      type: status,
    }),
    listTags(ctx, TagType.Job),
  ]);
  return json({ page, params, tagOptions, tagIds, status: status ?? null, timezone: company.timezone });
}

/** The jobs list: search, tags and status filters, sort and paging in the URL (works without JavaScript). */
export default function JobsRoute() {
  const { page, params, tagOptions, tagIds, status, timezone } = useLoaderData<typeof loader>();
  const columns: Column<JobListItem>[] = [
    { title: "Job", fieldName: "name", render: (j) => <Link to={`/jobs/${j.id}`}>{j.name ?? `Job #${j.id}`}</Link> },
    { title: "Customer", fieldName: "customerName", render: (j) => j.customerName, truncate: true },
    {
      title: "Date",
      fieldName: "startTime",
      render: (j) => (j.startTime ? formatInZone(j.startTime, timezone) : "Unscheduled"),
    },
    {
      title: "Status",
      fieldName: "status",
      render: (j) => <span className={`badge status-${j.status}`}>{jobStatusLabels[j.status as JobStatusValue]}</span>,
    },
    { title: "Address", render: (j) => j.location ?? "", truncate: true },
    { title: "Total", fieldName: "total", render: (j) => formatMoney(j.totalCents) },
  ];
  return (
    <>
      <PageHeader
        title="Jobs"
        actions={
          <Link className="button button-primary" to="/jobs/new">
            New Job
          </Link>
        }
      />
      <Form method="get" className="toolbar" role="search" aria-label="Filter jobs">
        <div className="field">
          <label htmlFor="job-search">Search</label>
          <input
            id="job-search"
            name="q"
            type="search"
            defaultValue={params.search}
            placeholder="Title, customer or address"
          />
        </div>
        <div className="field">
          <label htmlFor="job-status">Status</label>
          <select id="job-status" name="status" defaultValue={status ?? ""}>
            <option value="">All</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {jobStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {tagOptions.length ? (
          <div className="field">
            <label htmlFor="job-tags">Tags</label>
            <select
              id="job-tags"
              name="tag"
              multiple
              defaultValue={tagIds.map(String)}
              size={Math.min(Math.max(tagOptions.length, 2), 4)}
            >
              {tagOptions.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {params.sort ? (
          <>
            <input type="hidden" name="sort" value={params.sort.fieldName} />
            <input type="hidden" name="order" value={params.sort.descending ? "desc" : "asc"} />
          </>
        ) : null}
        <input type="hidden" name="pageSize" value={params.pageSize} />
        <button type="submit" className="button">
          Apply
        </button>
        {params.search || tagIds.length || status !== null ? (
          <Link className="button" to="/jobs">
            Clear
          </Link>
        ) : null}
      </Form>
      {page.totalIsCapped ? (
        <p className="muted">
          More than {JOBS_COUNT_CAP.toLocaleString("en-US")} jobs match: narrow the search to see them all counted.
        </p>
      ) : null}
      <DataTable
        caption="Jobs"
        columns={columns}
        rows={page.items}
        rowKey={(j) => j.id}
        total={page.total}
        params={params}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Jobs | Fieldwise" }];
