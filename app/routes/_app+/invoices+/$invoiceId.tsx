import { randomUUID } from "node:crypto";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormAlert } from "~/components/document-form";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError, PlainSelectField, PlainTextField } from "~/components/form";
import { InvoiceStatusBadge, shortDate } from "~/components/invoice-status";
import { LineItemName, LineItemsTable } from "~/components/line-items-table";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { InvoiceStatus, paymentMethodLabels } from "~/models/invoices/invoices.schema";
import { companyToday, getInvoice } from "~/models/invoices/invoices.server";
import { basisPointsToPercent, dollarsInput } from "~/models/line-items/money";
import { invoiceDetailsAction } from "~/routes/_app+/invoices+/__invoice-details.server";
import { db } from "~/db.server";
import { formatInZone, formatMoney } from "~/utils/format";
import { screens } from "~/access/route-table";

type ActionData = { errors?: Record<string, string>; values?: Record<string, string>; intent?: string };

const METHODS = Object.entries(paymentMethodLabels).map(([value, label]) => ({ value, label }));
const CHANNELS = [
  { value: 2, label: "Email" },
  { value: 1, label: "Text" },
  { value: 3, label: "Email and text" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.invoices.details);
  const today = await companyToday(db, ctx.companyId);
  const invoice = await getInvoice(ctx, Number(params.invoiceId), today);
  if (!invoice) notFound();
  const url = new URL(request.url);
  return json({
    invoice,
    today,
    timezone: company.timezone,
    confirmDelete: url.searchParams.get("delete") === "1",
    // One token per render: a double submit of the same form records (or sends) once.
    paymentToken: randomUUID(),
    sendToken: randomUUID(),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.invoices.details);
  return invoiceDetailsAction(request, ctx, Number(params.invoiceId), company.timezone);
}

/** Invoice details: lines and totals, payments (record one), send, PDF, uncollectible, delete. */
export default function InvoiceDetailsRoute() {
  const { invoice, today, timezone, confirmDelete, paymentToken, sendToken } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const errors = result?.errors ?? {};
  const posted = result?.values ?? {};
  const editable = invoice.status !== InvoiceStatus.Paid && invoice.status !== InvoiceStatus.Uncollectible;
  const payable = invoice.status !== InvoiceStatus.Uncollectible && invoice.balanceCents > 0;
  const title = `Invoice #${invoice.number}`;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={{ label: "Invoices", to: "/invoices" }}
        badge={<InvoiceStatusBadge {...invoice} />}
        actions={
          <>
            <a className="button" href={`/api/invoices/${invoice.id}/pdf`}>
              PDF
            </a>
            <a className="button" href={`/invoice-details/${invoice.publicToken}`}>
              Customer page
            </a>
            {editable ? (
              <Link className="button" to={`/invoices/${invoice.id}/edit`}>
                Edit
              </Link>
            ) : null}
            {invoice.payments.length === 0 ? (
              <Link className="button button-danger" to="?delete=1">
                Delete
              </Link>
            ) : null}
          </>
        }
      />
      <FormAlert error={errors._global} />
      {confirmDelete && invoice.payments.length === 0 ? (
        <DeleteConfirmation noun="Invoice">
          <p>Invoice #{invoice.number} will be deleted. Its number is not given to another invoice.</p>
        </DeleteConfirmation>
      ) : null}
      <section className="card stack" aria-label="Summary">
        <div className="grid-2">
          <div>
            <h2>Bill to</h2>
            <p>
              <Link to={`/customers/${invoice.customerId}`}>{invoice.customerName}</Link>
            </p>
            {invoice.location ? <p>{invoice.location}</p> : null}
            {invoice.customer?.email ? <p>{invoice.customer.email}</p> : null}
            {invoice.jobId ? (
              <p>
                <Link to={`/jobs/${invoice.jobId}`}>Open the job</Link>
              </p>
            ) : null}
          </div>
          <dl className="stack">
            <div>
              <dt>Issue date</dt>
              <dd>{shortDate(invoice.issueDate)}</dd>
            </div>
            <div>
              <dt>Due date</dt>
              <dd>{shortDate(invoice.dueDate)}</dd>
            </div>
            {invoice.sentAt ? (
              <div>
                <dt>Sent</dt>
                <dd>{formatInZone(invoice.sentAt, timezone)}</dd>
              </div>
            ) : null}
            {invoice.paidAt ? (
              <div>
                <dt>Paid</dt>
                <dd>{formatInZone(invoice.paidAt, timezone)}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>
      <section className="card stack">
        <h2>Line items</h2>
        <div className="table-wrap">
          <LineItemsTable
            columns={["Item", "Qty", "Unit price", "Amount"]}
            rows={invoice.lineItems.map((l) => ({
              key: l.id,
              item: <LineItemName name={l.name} description={l.description} />,
              cells: [String(l.quantity), formatMoney(l.unitPriceCents), formatMoney(l.amountCents)],
            }))}
            totals={[
              { label: "Subtotal", value: formatMoney(invoice.subtotalCents) },
              { label: "Discount", value: `-${formatMoney(invoice.discountCents)}` },
              { label: `Tax (${basisPointsToPercent(invoice.taxRate)}%)`, value: formatMoney(invoice.taxCents) },
              { label: "Total", value: formatMoney(invoice.totalCents) },
              { label: "Paid", value: formatMoney(invoice.paidCents) },
              { label: "Balance due", value: formatMoney(invoice.balanceCents) },
            ]}
          />
        </div>
        {invoice.message ? (
          <p>
            <strong>Message:</strong> {invoice.message}
          </p>
        ) : null}
        {invoice.privateNotes ? <p className="muted">Private notes: {invoice.privateNotes}</p> : null}
      </section>
      <section className="card stack">
        <h2>Payments</h2>
        {invoice.payments.length ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Payments</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Method</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Note</th>
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
        {payable ? (
          // Keyed by the render's token: after a payment the form starts afresh (the new balance, a new token).
          <Form key={paymentToken} method="post" className="stack" aria-label="Record a payment">
            <h3>Record a payment</h3>
            <input type="hidden" name="idempotencyKey" value={paymentToken} />
            <div className="grid-2">
              <PlainSelectField
                id="payment-method"
                label="Method"
                name="method"
                options={METHODS}
                defaultValue={posted.method ?? "0"}
                error={errors.method}
              />
              <PlainTextField
                id="payment-amount"
                label="Amount ($)"
                name="amount"
                inputMode="decimal"
                defaultValue={posted.amount ?? dollarsInput(invoice.balanceCents)}
                hint={`Balance due ${formatMoney(invoice.balanceCents)}; a partial payment is fine`}
                error={errors.amount}
              />
              <PlainTextField
                id="payment-date"
                label="Payment date"
                name="paidAt"
                type="date"
                defaultValue={posted.paidAt ?? today}
                error={errors.paidAt}
              />
              <PlainTextField
                id="payment-note"
                label="Note"
                name="note"
                defaultValue={posted.note ?? ""}
                error={errors.note}
              />
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
      {invoice.status !== InvoiceStatus.Uncollectible ? (
        <Form key={sendToken} method="post" className="card stack" aria-label="Send invoice">
          <h2>{invoice.sentAt ? "Send again" : "Send to the customer"}</h2>
          <input type="hidden" name="requestToken" value={sendToken} />
          <PlainSelectField
            id="send-channel"
            label="Send by"
            name="channel"
            options={CHANNELS}
            defaultValue={posted.channel ?? "2"}
            error={errors.channel}
          />
          <div className="row">
            <button className="button" name="intent" value="send">
              Send invoice
            </button>
          </div>
        </Form>
      ) : null}
      <Form method="post" className="card row" aria-label="Collectibility">
        {invoice.status === InvoiceStatus.Uncollectible ? (
          <button className="button" name="intent" value="undoUncollectible">
            Undo uncollectible
          </button>
        ) : invoice.status !== InvoiceStatus.Paid ? (
          <button className="button" name="intent" value="uncollectible">
            Mark uncollectible
          </button>
        ) : (
          <p className="muted">Paid in full.</p>
        )}
      </Form>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Invoice #${data.invoice.number}` : "Invoice"} | Fieldwise` },
];
