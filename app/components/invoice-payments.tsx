import { Form } from "@remix-run/react";
import { FieldError, PlainSelectField, PlainTextField, postedFieldAt } from "~/components/form";
import { paymentMethodLabels } from "~/models/invoices/invoices.schema";
import { dollarsInput } from "~/models/line-items/money";
import { formatInZone, formatMoney } from "~/utils/format";

const METHODS = Object.entries(paymentMethodLabels).map(([value, label]) => ({ value, label }));
const CHANNELS = [
  { value: 2, label: "Email" },
  { value: 1, label: "Text" },
  { value: 3, label: "Email and text" },
];

type Posted = Record<string, string>;

/**
 * An invoice's payments and, while a balance is due (`payment`), the form that records one: keyed by
 * the render's token, so after a payment it starts afresh (the new balance, a new token).
 */
export function InvoicePayments({
  invoice,
  timezone,
  payment,
  posted,
  errors,
}: {
  invoice: {
    balanceCents: number;
    payments: { id: number; paidAt: string; method: number; amountCents: number; note: string | null }[];
  };
  timezone: string;
  /** The form's one-use token and the company's today, or null when nothing can be paid. */
  payment: { token: string; today: string } | null;
  posted: Posted;
  errors: Record<string, string>;
}) {
  const field = postedFieldAt({ values: posted, errors });
  return (
    <section className="card stack">
      <h2>Payments</h2>
      {invoice.payments.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Payments</caption>
            <thead>
              <tr>
                {["Date", "Method", "Amount", "Note"].map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatInZone(p.paidAt, timezone)}</td>
                  <td>{paymentMethodLabels[p.method]}</td>
                  <td>{formatMoney(p.amountCents)}</td>
                  <td>{p.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No payments yet.</p>
      )}
      {payment ? (
        <Form key={payment.token} method="post" className="stack" aria-label="Record a payment">
          <h3>Record a payment</h3>
          <input type="hidden" name="idempotencyKey" value={payment.token} />
          <div className="grid-2">
            <PlainSelectField label="Method" {...field("payment-method", "method", "0")} options={METHODS} />
            <PlainTextField
              label="Amount ($)"
              {...field("payment-amount", "amount", dollarsInput(invoice.balanceCents))}
              inputMode="decimal"
              hint={`Balance due ${formatMoney(invoice.balanceCents)}; a partial payment is fine`}
            />
            <PlainTextField label="Payment date" {...field("payment-date", "paidAt", payment.today)} type="date" />
            <PlainTextField label="Note" {...field("payment-note", "note")} />
          </div>
          <FieldError error={errors.idempotencyKey} />
          <div className="row">
            <button className="button button-primary" name="intent" value="pay">
              Record payment
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** Send the invoice (again): keyed by the render's token, so a double submit sends once. */
export function SendInvoiceForm({
  token,
  sentAt,
  posted,
  errors,
}: {
  token: string;
  sentAt: string | null;
  posted: Posted;
  errors: Record<string, string>;
}) {
  return (
    <Form key={token} method="post" className="card stack" aria-label="Send invoice">
      <h2>{sentAt ? "Send again" : "Send to the customer"}</h2>
      <input type="hidden" name="requestToken" value={token} />
      <PlainSelectField
        label="Send by"
        {...postedFieldAt({ values: posted, errors })("send-channel", "channel", "2")}
        options={CHANNELS}
      />
      <div className="row">
        <button className="button" name="intent" value="send">
          Send invoice
        </button>
      </div>
    </Form>
  );
}
