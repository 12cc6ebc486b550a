import { json, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { paymentOutcome } from "~/models/payments/card-payments.server";
import { NO_STORE, PaymentPage } from "./__payment-page";

/** Where Stripe sends the customer back when the payment was cancelled or did not go through. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.payments.failed);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await paymentOutcome(params.invoiceNumber ?? "", token);
  if (!outcome) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return json(
    {
      number: outcome.invoice.number,
      companyName: outcome.invoice.company.businessName,
      invoiceUrl: `/invoice-details/${encodeURIComponent(token)}`,
    },
    { headers: NO_STORE },
  );
}

export default function PaymentFailedRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <PaymentPage title="Your payment was not completed">
      <p>
        No money was taken for invoice #{v.number}. You can try again, or contact {v.companyName} to pay another way.
      </p>
      <p>
        <Link to={v.invoiceUrl}>Back to the invoice</Link>
      </p>
    </PaymentPage>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = () => [{ title: "Payment not completed" }, { name: "robots", content: "noindex" }];
