import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ActivityFilterForm, ActivityPager, ActivityTable } from "~/components/activity-feed";
import { EmptyState, PageHeader } from "~/components/page-header";
import { loadActivityFeed } from "./__activity-feed.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.activityFeed);
  return json(await loadActivityFeed(access, new URL(request.url)));
}

/** The company's timeline: every job, estimate and invoice event, newest first, filtered in the URL. */
export default function ActivityFeedRoute() {
  const data = useLoaderData<typeof loader>();
  const { feed, filtered } = data;
  return (
    <>
      <PageHeader title="Activity Feed" />
      <ActivityFilterForm
        typeGroups={data.typeGroups}
        employeeOptions={data.employeeOptions}
        selected={{ types: data.selectedTypes, employeeId: data.filters.employeeId }}
        values={data.values}
        errors={data.errors}
        pageSize={feed.pageSize}
        filtered={filtered}
      />
      {feed.tooDeep ? (
        <EmptyState>This page is further back than the feed pages go: choose dates to see older events.</EmptyState>
      ) : feed.items.length === 0 ? (
        <EmptyState>
          {filtered
            ? "No activity matches these filters."
            : feed.page > 1
              ? "No more activity."
              : "No activity yet. Jobs, estimates and invoices will show their events here."}
        </EmptyState>
      ) : (
        <ActivityTable rows={feed.items} timezone={data.timezone} />
      )}
      <ActivityPager page={feed.page} pageSize={feed.pageSize} hasNext={feed.hasNext} olderTo={data.olderTo} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Activity Feed | Fieldwise" }];
