import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screens } from "~/access/route-table";
import { listVisits, pageFromQuery } from "~/models/portal/portal-records.server";
import { ownerOf, requireSection, visitView, type VisitView } from "./__portal.server";
import { NO_STORE, Pager, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.visits, "canSeeVisits");
  const page = pageFromQuery(new URL(request.url).searchParams.get("page"));
  const visits = await listVisits(ownerOf(access), page);
  const tz = access.company.timezone;
  const view = (list: Parameters<typeof visitView>[0][]) => list.map((v) => visitView(v, tz));
  return json(
    {
      page,
      upcoming: view(visits.upcoming),
      unscheduled: view(visits.unscheduled),
      past: view(visits.past.items),
      hasMore: visits.past.hasMore,
      timezone: tz.replace(/_/g, " "),
    },
    { headers: NO_STORE },
  );
}

/** The customer's visits: upcoming and past, each opening its visit details page. */
export default function PortalVisitsRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Your visits</h1>
      <p className="muted">Times are in {v.timezone} time.</p>
      {v.page === 1 ? (
        <PortalSection id="visits-upcoming" title="Upcoming visits">
          <VisitList visits={[...v.upcoming, ...v.unscheduled]} empty="No upcoming visits." />
        </PortalSection>
      ) : null}
      <PortalSection id="visits-past" title="Past visits">
        <VisitList visits={v.past} empty="No past visits." />
        <Pager page={v.page} hasMore={v.hasMore} path="/portal/visits" />
      </PortalSection>
    </>
  );
}

function VisitList({ visits, empty }: { visits: VisitView[]; empty: string }) {
  if (!visits.length) return <p>{empty}</p>;
  return (
    <ul className="portal-list">
      {visits.map((visit) => (
        <PortalItem
          key={visit.id}
          title={visit.title}
          facts={[
            ["Date", visit.date],
            visit.time ? ["Time", visit.time] : null,
            ["Address", visit.address || "—"],
            ["Status", visit.status],
          ]}
        >
          <a href={visit.href}>Visit details</a>
        </PortalItem>
      ))}
    </ul>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Visits");

export function ErrorBoundary() {
  return <PortalError />;
}
