import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { documentColumns, ListPageHeader, statusFilter } from "~/components/document-list";
import { Link, useLoaderData } from "@remix-run/react";
import { CappedCountNote, DataTable, type Column } from "~/components/data-table";
import { ListFilterForm, tagFilterOptions, tagFilters } from "~/components/list-filter-form";
import { requireAccess } from "~/access/access.server";
import { JOB_SORT_FIELDS, JOB_STATUSES, jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { JOBS_COUNT_CAP, listJobsPage, type JobListItem } from "~/models/jobs/jobs.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { readIds, readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const statusOptions = JOB_STATUSES.map((s) => ({ value: s, label: jobStatusLabels[s] }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.jobs.list);
  const url = new URL(request.url);
  const params = readListParams(url, JOB_SORT_FIELDS);
  const tagIds = readIds(url, "tag");
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
  return json({
    page,
    params,
    tagOptions,
    tagIds,
    status: status ?? null,
    timezone: company.timezone,
    countCap: JOBS_COUNT_CAP,
  });
}

/** The jobs list: search, tags and status filters, sort and paging in the URL (works without JavaScript). */
export default function JobsRoute() {
  const { page, params, tagOptions, tagIds, status, timezone, countCap } = useLoaderData<typeof loader>();
  const columns: Column<JobListItem>[] = [
    { title: "Job", fieldName: "name", render: (j) => <Link to={`/jobs/${j.id}`}>{j.name ?? `Job #${j.id}`}</Link> },
    documentColumns.customer(),
    documentColumns.visit("Date", timezone),
    documentColumns.status(jobStatusLabels),
    { title: "Address", render: (j) => j.location ?? "", truncate: true },
    documentColumns.total(),
  ];
  return (
    <>
      <ListPageHeader title="Jobs" newTo="/jobs/new" newLabel="New Job" />
      <ListFilterForm
        label="Filter jobs"
        search={{ id: "job-search", placeholder: "Title, customer or address" }}
        filters={[
          statusFilter("job-status", statusOptions, status),
          ...(tagOptions.length
            ? tagFilters(tagFilterOptions(tagOptions), { id: "job-tags", label: "Tags", selected: tagIds })
            : []),
        ]}
        params={params}
        clearTo={params.search || tagIds.length || status !== null ? "/jobs" : null}
      />
      <CappedCountNote capped={page.totalIsCapped} cap={countCap.toLocaleString("en-US")} noun="jobs" />
      <DataTable caption="Jobs" columns={columns} rows={page.items} total={page.total} params={params} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Jobs | Fieldwise" }];
