import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screens } from "~/access/route-table";
import { listEstimates, pageFromQuery } from "~/models/portal/portal-records.server";
import { estimateView, ownerOf, requireSection } from "./__portal.server";
import { NO_STORE, Pager, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.estimates);
  const page = pageFromQuery(new URL(request.url).searchParams.get("page"));
  const estimates = await listEstimates(ownerOf(access), page);
  return json(
    {
      page,
      hasMore: estimates.hasMore,
      canApprove: access.settings.canApproveEstimates,
      estimates: estimates.items.map((e) => estimateView(e, access.company.timezone)),
    },
    { headers: NO_STORE },
  );
}

/** The estimates the company sent: status and total; an open one opens its approval page. */
export default function PortalEstimatesRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Your estimates</h1>
      <PortalSection id="estimates-list" title="Estimates">
        {v.estimates.length ? (
          <ul className="portal-list">
            {v.estimates.map((e) => (
              <PortalItem
                key={e.id}
                title={e.title}
                facts={[["Status", e.status], ["Total", e.total], e.sent ? ["Sent", e.sent] : null]}
              >
                {e.open && v.canApprove ? (
                  <a className="button button-primary" href={e.href}>
                    Review and approve
                  </a>
                ) : (
                  <a href={e.href}>View estimate</a>
                )}
              </PortalItem>
            ))}
          </ul>
        ) : (
          <p>You have no estimates yet.</p>
        )}
        <Pager page={v.page} hasMore={v.hasMore} path="/portal/estimates" />
      </PortalSection>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Estimates");

export function ErrorBoundary() {
  return <PortalError />;
}
