import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { screens } from "~/access/route-table";
import { nextVisit, openEstimates, unpaidInvoices } from "~/models/portal/portal-records.server";
import { formatMoney } from "~/utils/format";
import { estimateView, invoiceView, ownerOf, requireSection, visitView } from "./__portal.server";
import { NO_STORE, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.home);
  const owner = ownerOf(access);
  const tz = access.company.timezone;
  const [visit, estimates, invoices] = await Promise.all([
    access.settings.canSeeVisits ? nextVisit(owner) : Promise.resolve(null),
    openEstimates(owner),
    unpaidInvoices(owner),
  ]);
  return json(
    {
      welcome: access.settings.welcomeMessage,
      firstName: access.customer.firstName,
      canSeeVisits: access.settings.canSeeVisits,
      canApprove: access.settings.canApproveEstimates,
      canPay: access.settings.canPayInvoices,
      nextVisit: visit ? visitView(visit, tz) : null,
      estimates: { count: estimates.count, items: estimates.items.map((e) => estimateView(e, tz)) },
      invoices: {
        count: invoices.count,
        due: formatMoney(invoices.dueCents),
        items: invoices.items.map((i) => invoiceView(i, tz)),
      },
    },
    { headers: NO_STORE },
  );
}

/** The portal's home: the welcome, the next visit, open estimates and unpaid invoices at a glance. */
export default function PortalHomeRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <>
      <section className="portal-section" aria-labelledby="portal-welcome">
        <h1 id="portal-welcome">Welcome, {v.firstName}</h1>
        {v.welcome ? <p className="multiline">{v.welcome}</p> : null}
      </section>
      <div className="portal-glance">
        {v.canSeeVisits ? (
          <PortalSection id="home-visit" title="Next visit">
            {v.nextVisit ? (
              <ul className="portal-list">
                <PortalItem
                  title={v.nextVisit.title}
                  facts={[
                    ["Date", v.nextVisit.date],
                    v.nextVisit.time ? ["Time", v.nextVisit.time] : null,
                    ["Address", v.nextVisit.address || "—"],
                  ]}
                >
                  <a href={v.nextVisit.href}>Visit details</a>
                </PortalItem>
              </ul>
            ) : (
              <p>No visit is scheduled.</p>
            )}
            <p>
              <Link to="/portal/visits">All visits</Link>
            </p>
          </PortalSection>
        ) : null}
        <PortalSection id="home-estimates" title="Open estimates">
          <p className="portal-figure">{v.estimates.count}</p>
          <p>{v.estimates.count === 1 ? "estimate waits for your answer" : "estimates wait for your answer"}</p>
          {v.estimates.items.length ? (
            <ul className="portal-list">
              {v.estimates.items.map((e) => (
                <PortalItem key={e.id} title={e.title} facts={[["Total", e.total]]}>
                  <a href={e.href}>{v.canApprove ? "Review and approve" : "View estimate"}</a>
                </PortalItem>
              ))}
            </ul>
          ) : null}
          <p>
            <Link to="/portal/estimates">All estimates</Link>
          </p>
        </PortalSection>
        <PortalSection id="home-invoices" title="Unpaid invoices">
          <p className="portal-figure">{v.invoices.due}</p>
          <p>
            due on {v.invoices.count} {v.invoices.count === 1 ? "invoice" : "invoices"}
          </p>
          {v.invoices.items.length ? (
            <ul className="portal-list">
              {v.invoices.items.map((i) => (
                <PortalItem
                  key={i.id}
                  title={i.title}
                  facts={[
                    ["Amount due", i.due],
                    ["Due date", i.dueDate],
                  ]}
                >
                  <a href={i.href}>{v.canPay ? "Pay" : "View invoice"}</a>
                </PortalItem>
              ))}
            </ul>
          ) : null}
          <p>
            <Link to="/portal/invoices">All invoices</Link>
          </p>
        </PortalSection>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Your portal");

export function ErrorBoundary() {
  return <PortalError />;
}
