import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screens } from "~/access/route-table";
import { listInvoices, pageFromQuery } from "~/models/portal/portal-records.server";
import { invoiceView, ownerOf, requireSection } from "./__portal.server";
import { NO_STORE, Pager, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.invoices);
  const page = pageFromQuery(new URL(request.url).searchParams.get("page"));
  const invoices = await listInvoices(ownerOf(access), page);
  return json(
    {
      page,
      hasMore: invoices.hasMore,
      canPay: access.settings.canPayInvoices,
      invoices: invoices.items.map((i) => invoiceView(i, access.company.timezone)),
    },
    { headers: NO_STORE },
  );
}

/**
 * Open and paid invoices with the amount due. "Pay" opens the invoice's payment page; a paid one's
 * receipt is that same page (what was paid, balance zero), printable, as the emailed receipt links it.
 */
export default function PortalInvoicesRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Your invoices</h1>
      <PortalSection id="invoices-list" title="Invoices">
        {v.invoices.length ? (
          <ul className="portal-list">
            {v.invoices.map((i) => (
              <PortalItem
                key={i.id}
                title={i.title}
                facts={[
                  ["Status", i.status],
                  ["Total", i.total],
                  ["Amount due", i.due],
                  i.paid ? (i.paidOn ? ["Paid on", i.paidOn] : null) : ["Due date", i.dueDate],
                ]}
              >
                {i.paid ? (
                  <a href={i.href}>View receipt</a>
                ) : v.canPay ? (
                  <a className="button button-primary" href={i.href}>
                    Pay {i.due}
                  </a>
                ) : (
                  <a href={i.href}>View invoice</a>
                )}
              </PortalItem>
            ))}
          </ul>
        ) : (
          <p>You have no invoices yet.</p>
        )}
        <Pager page={v.page} hasMore={v.hasMore} path="/portal/invoices" />
      </PortalSection>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Invoices");

export function ErrorBoundary() {
  return <PortalError />;
}
