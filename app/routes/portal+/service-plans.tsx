import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screens } from "~/access/route-table";
import { listServicePlans, pageFromQuery } from "~/models/portal/portal-records.server";
import { ownerOf, planView, requireSection } from "./__portal.server";
import { NO_STORE, Pager, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.servicePlans);
  const page = pageFromQuery(new URL(request.url).searchParams.get("page"));
  const plans = await listServicePlans(ownerOf(access), page);
  return json({ page, hasMore: plans.hasMore, plans: plans.items.map(planView) }, { headers: NO_STORE });
}

/** The customer's service plans, each opening its plan page. */
export default function PortalServicePlansRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Your service plans</h1>
      <PortalSection id="plans-list" title="Service plans">
        {v.plans.length ? (
          <ul className="portal-list">
            {v.plans.map((p) => (
              <PortalItem
                key={p.id}
                title={p.title}
                facts={[
                  ["Status", p.status],
                  ["Price", p.price],
                  ["Since", p.since],
                  p.address ? ["Address", p.address] : null,
                ]}
              >
                <a href={p.href}>Plan details</a>
              </PortalItem>
            ))}
          </ul>
        ) : (
          <p>You have no service plans.</p>
        )}
        <Pager page={v.page} hasMore={v.hasMore} path="/portal/service-plans" />
      </PortalSection>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Service plans");

export function ErrorBoundary() {
  return <PortalError />;
}
