import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { documentColumns, ListPageHeader, statusFilter } from "~/components/document-list";
import { Link, useLoaderData } from "@remix-run/react";
import { CappedCountNote, DataTable, type Column } from "~/components/data-table";
import { ListFilterForm, tagFilterOptions, tagFilters } from "~/components/list-filter-form";
import { requireAccess } from "~/access/access.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import {
  ESTIMATE_SORT_FIELDS,
  ESTIMATE_STATUSES,
  estimateStatusLabels,
  type EstimateStatusValue,
} from "~/models/estimates/estimates.schema";
import { ESTIMATES_COUNT_CAP, listEstimatesPage, type EstimateListItem } from "~/models/estimates/estimates.server";
import { readIds, readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const statusOptions = ESTIMATE_STATUSES.map((s) => ({ value: s, label: estimateStatusLabels[s] }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.estimates.list);
  const url = new URL(request.url);
  const params = readListParams(url, ESTIMATE_SORT_FIELDS);
  const tagIds = readIds(url, "tag");
  const excludeTagIds = readIds(url, "excludeTag");
  const statusText = url.searchParams.get("status") ?? "";
  const status =
    statusText !== "" && ESTIMATE_STATUSES.includes(Number(statusText) as EstimateStatusValue)
      ? Number(statusText)
      : undefined;
  const [page, tagOptions] = await Promise.all([
    listEstimatesPage(ctx, {
      paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
      searchQuery: params.search,
      tags: tagIds,
      excludeTags: excludeTagIds,
      status,
    }),
    listTags(ctx, TagType.Estimate),
  ]);
  return json({
    page,
    params,
    tagOptions,
    tagIds,
    excludeTagIds,
    status: status ?? null,
    timezone: company.timezone,
    countCap: ESTIMATES_COUNT_CAP,
  });
}

/** The estimates list: search, status and tag filters (in and out), sort and paging in the URL (works without JavaScript). */
export default function EstimatesRoute() {
  const { page, params, tagOptions, tagIds, excludeTagIds, status, timezone, countCap } =
    useLoaderData<typeof loader>();
  const columns: Column<EstimateListItem>[] = [
    { title: "#", fieldName: "number", render: (e) => e.number },
    {
      title: "Estimate",
      fieldName: "name",
      render: (e) => <Link to={`/estimates/${e.id}`}>{e.name ?? `Estimate #${e.number}`}</Link>,
    },
    documentColumns.customer(),
    documentColumns.visit("Visit", timezone),
    documentColumns.status(estimateStatusLabels),
    documentColumns.total(),
  ];
  const tags = tagFilterOptions(tagOptions);
  const filtered = params.search || tagIds.length || excludeTagIds.length || status !== null;
  return (
    <>
      <ListPageHeader title="Estimates" newTo="/estimates/new" newLabel="New Estimate" />
      <ListFilterForm
        label="Filter estimates"
        search={{ id: "estimate-search", placeholder: "Number, title, customer or address" }}
        filters={[
          statusFilter("estimate-status", statusOptions, status),
          ...(tags.length
            ? tagFilters(
                tags,
                { id: "estimate-tags", label: "With tags", selected: tagIds },
                { id: "estimate-exclude-tags", label: "Without tags", selected: excludeTagIds },
              )
            : []),
        ]}
        params={params}
        clearTo={filtered ? "/estimates" : null}
      />
      <CappedCountNote capped={page.totalIsCapped} cap={countCap.toLocaleString("en-US")} noun="estimates" />
      <DataTable caption="Estimates" columns={columns} rows={page.items} total={page.total} params={params} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Estimates | Fieldwise" }];
