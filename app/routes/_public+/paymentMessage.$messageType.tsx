import { json, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PAYMENTS_NOT_SET_UP } from "~/services/payments-notice";
import { NO_STORE, PaymentPage } from "./__payment-page";

/** The fixed messages of the payment pages, by type; any other type is a 404. */
const messages: Record<string, { title: string; text: string }> = {
  "link-invalid": {
    title: "This payment link does not work",
    text: "The link is not valid or has expired. Please open the invoice again from the business's message.",
  },
  "not-set-up": {
    title: PAYMENTS_NOT_SET_UP,
    text: "This business does not take card payments online yet. Please contact them to pay another way.",
  },
  "card-not-saved": {
    title: "Your card was not saved",
    text: "Nothing was saved and nothing was charged. You can open the link again to try once more.",
  },
  "card-link-invalid": {
    title: "This link does not work",
    text: "The link to save a card is not valid or has expired. Please ask the business for a new one.",
  },
  unavailable: {
    title: "Card payments are unavailable right now",
    text: "The card payment service could not be reached. Please try again in a few minutes.",
  },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.payments.message);
  const message = Object.hasOwn(messages, params.messageType ?? "") ? messages[params.messageType!] : null;
  if (!message) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return json(message, { headers: NO_STORE });
}

export default function PaymentMessageRoute() {
  const m = useLoaderData<typeof loader>();
  return (
    <PaymentPage title={m.title}>
      <p>{m.text}</p>
    </PaymentPage>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Payment" },
  { name: "robots", content: "noindex" },
];
