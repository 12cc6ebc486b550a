import { json, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { paymentOutcome } from "~/models/payments/card-payments.server";
import { formatMoney } from "~/utils/format";
import { NO_STORE, PaymentPage } from "./__payment-page";

/**
 * Where Stripe sends the customer back after paying. It only reads: the payment is recorded by
 * Stripe's signed webhook, so until that has arrived the page says the payment is being confirmed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.payments.succeeded);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await paymentOutcome(params.invoiceNumber ?? "", token);
  if (!outcome) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  const { invoice, cardPaymentRecorded } = outcome;
  return json(
    {
      number: invoice.number,
      companyName: invoice.company.businessName,
      confirmed: cardPaymentRecorded,
      balance: formatMoney(invoice.balanceCents),
      balanceCents: invoice.balanceCents,
      invoiceUrl: `/invoice-details/${encodeURIComponent(token)}`,
      checkAgainUrl: `/paymentSucceeded/${invoice.number}?token=${encodeURIComponent(token)}`,
    },
    { headers: NO_STORE },
  );
}

export default function PaymentSucceededRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <PaymentPage title={v.confirmed ? "Thank you for your payment" : "Your payment is being confirmed"}>
      {v.confirmed ? (
        <p>
          {v.companyName} has received your card payment for invoice #{v.number}.
          {v.balanceCents > 0 ? ` The balance still due is ${v.balance}.` : " The invoice is paid in full."}
        </p>
      ) : (
        <>
          <p>
            Stripe has your payment for invoice #{v.number}. We are waiting for Stripe&apos;s confirmation, which
            usually takes a few seconds; please do not pay again.
          </p>
          <p>
            <Link to={v.checkAgainUrl}>Check again</Link>
          </p>
        </>
      )}
      <p>
        <Link to={v.invoiceUrl}>Back to the invoice</Link>
      </p>
    </PaymentPage>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = () => [{ title: "Payment" }, { name: "robots", content: "noindex" }];
