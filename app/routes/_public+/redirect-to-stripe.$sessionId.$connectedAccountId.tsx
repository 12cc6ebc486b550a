import { json, redirect, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { checkoutUrlFor } from "~/models/payments/card-payments.server";
import { NO_STORE, PaymentPage } from "./__payment-page";
import { handOffMeta, StripeHandOff } from "~/components/stripe-hand-off";

/**
 * The hand-off to Stripe's Checkout page: only for an open session that Stripe finds on that
 * connected account and whose metadata names one of that company's invoices (with its token).
 * Anything else goes to a plain message page, never anywhere else.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.cards.redirectToStripe);
  const url = await checkoutUrlFor(params.sessionId ?? "", params.connectedAccountId ?? "");
  if (!url) return redirect("/paymentMessage/link-invalid", { status: 303, headers: NO_STORE });
  return json({ url }, { headers: { ...NO_STORE, "Referrer-Policy": "no-referrer" } });
}

export default function RedirectToStripeRoute() {
  const { url } = useLoaderData<typeof loader>();
  return (
    <PaymentPage title="Secure card payment">
      <StripeHandOff url={url} label="Continue to the payment page" />
    </PaymentPage>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => ({ ...NO_STORE, "Referrer-Policy": "no-referrer" });

export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data?.url, "Secure card payment");
