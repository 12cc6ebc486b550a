import { json, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { NO_STORE, PaymentPage } from "./__payment-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.cards.addedMobile);
  return json({}, { headers: NO_STORE });
}

/** Where Stripe sends the customer after saving a card; the card itself arrives by webhook. */
export default function CardAddedRoute() {
  return (
    <PaymentPage title="Your card is saved">
      <p>Thank you. Your card is saved with the business&apos;s payment provider; nothing was charged.</p>
      <p>You can close this page.</p>
    </PaymentPage>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = () => [{ title: "Card saved" }, { name: "robots", content: "noindex" }];
