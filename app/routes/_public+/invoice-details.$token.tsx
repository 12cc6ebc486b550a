import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { cardPaymentBlocker, PaymentsError, startInvoiceCheckout } from "~/models/payments/card-payments.server";
import { findInvoiceByToken } from "~/models/payments/invoice-bridge.server";
import { dayjs, DATE_LONG, formatMoney } from "~/utils/format";
import { formatPhone } from "~/utils/validation";
import { NO_STORE } from "./__payment-page";
import { PublicLineItems } from "./__public-line-items";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.invoiceDetails);
  const invoice = await findInvoiceByToken(params.token ?? "");
  if (!invoice) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  const blocker = await cardPaymentBlocker(invoice);
  return json(
    {
      number: invoice.number,
      companyName: invoice.company.businessName,
      companyContact: [formatPhone(invoice.company.phone), invoice.company.email].filter(Boolean).join(" · "),
      customerName: [invoice.customer.firstName, invoice.customer.lastName].filter(Boolean).join(" "),
      issueDate: dayjs(invoice.issueDate).format(DATE_LONG),
      dueDate: dayjs(invoice.dueDate).format(DATE_LONG),
      message: invoice.message,
      lines: invoice.lines.map((l) => ({
        name: l.name,
        description: l.description,
        quantity: Number(l.quantity).toString(),
        amount: formatMoney(l.amountCents),
      })),
      subtotal: formatMoney(invoice.subtotalCents),
      discount: invoice.discountCents ? formatMoney(invoice.discountCents) : null,
      tax: formatMoney(invoice.taxCents),
      total: formatMoney(invoice.totalCents),
      paid: formatMoney(invoice.paidCents),
      balanceCents: invoice.balanceCents,
      balance: formatMoney(invoice.balanceCents),
      // Why the card button is off (payments not set up, paid in full), or null when it works.
      cardBlocker: invoice.balanceCents > 0 ? blocker : null,
    },
    { headers: NO_STORE },
  );
}

/** "Pay by card": a Checkout Session on the company's Stripe account, then the hand-off page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.invoiceDetails);
  const form = await request.formData();
  if (form.get("intent") !== "payByCard") return json({ error: "Unknown action." }, { status: 400, headers: NO_STORE });
  try {
    return redirect(await startInvoiceCheckout(params.token ?? ""), { status: 303, headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return json({ error: error.message }, { status: 409, headers: NO_STORE });
  }
}

/** The customer's invoice: no sign-in, no JavaScript; the card button posts a plain form. */
export default function InvoiceDetailsRoute() {
  const v = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="public-page stack" style={{ maxWidth: "48rem", margin: "0 auto", padding: "1rem" }}>
      <header>
        <h1>{v.companyName}</h1>
        {v.companyContact ? <p className="muted">{v.companyContact}</p> : null}
      </header>
      <section className="card stack" aria-labelledby="invoice-title">
        <h2 id="invoice-title">Invoice #{v.number}</h2>
        <dl className="details">
          <dt>For</dt>
          <dd>{v.customerName || "—"}</dd>
          <dt>Issued</dt>
          <dd>{v.issueDate}</dd>
          <dt>Due</dt>
          <dd>{v.dueDate}</dd>
        </dl>
        {v.message ? <p>{v.message}</p> : null}
        <PublicLineItems
          lines={v.lines}
          subtotal={v.subtotal}
          discount={v.discount}
          tax={v.tax}
          closingTotals={[
            { label: "Total", value: v.total },
            { label: "Paid", value: v.paid },
            { label: "Balance due", value: <strong>{v.balance}</strong> },
          ]}
        />
      </section>
      <section className="card stack" aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        {v.balanceCents <= 0 ? (
          <p>This invoice is paid in full. Thank you!</p>
        ) : (
          <Form method="post" className="stack">
            {actionData && "error" in actionData ? (
              <p className="form-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            {v.cardBlocker ? (
              <p id="card-off" role="status">
                {v.cardBlocker.replace(/\.$/, "")}. To pay, please contact {v.companyName}
                {v.companyContact ? ` (${v.companyContact})` : ""}.
              </p>
            ) : (
              <p className="muted">You will enter your card on Stripe&apos;s secure page.</p>
            )}
            <button
              type="submit"
              name="intent"
              value="payByCard"
              className="button button-primary button-lg"
              disabled={Boolean(v.cardBlocker)}
              aria-describedby={v.cardBlocker ? "card-off" : undefined}
            >
              Pay {v.balance} by card
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Invoice #${data.number} | ${data.companyName}` : "Invoice" },
  { name: "robots", content: "noindex" },
];
