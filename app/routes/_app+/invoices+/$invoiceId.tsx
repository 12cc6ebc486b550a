import { randomUUID } from "node:crypto";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormAlert } from "~/components/document-form";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { InvoicePayments, SendInvoiceForm } from "~/components/invoice-payments";
import { InvoiceStatusBadge, shortDate } from "~/components/invoice-status";
import { LineItemName, LineItemsTable } from "~/components/line-items-table";
import { PageHeader } from "~/components/page-header";
import { notFound, pathRecordId, requireAccess } from "~/access/access.server";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { companyToday, getInvoice } from "~/models/invoices/invoices.server";
import { basisPointsToPercent } from "~/models/line-items/money";
import { invoiceDetailsAction } from "~/routes/_app+/invoices+/__invoice-details.server";
import { db } from "~/db.server";
import { formatInZone, formatMoney } from "~/utils/format";
import { screens } from "~/access/route-table";

type ActionData = { errors?: Record<string, string>; values?: Record<string, string>; intent?: string };

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
  const access = await requireAccess({ request, context }, screens.invoices.details);
  return invoiceDetailsAction(request, access, pathRecordId(params.invoiceId));
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
            <DateEntry label="Issue date" value={shortDate(invoice.issueDate)} />
            <DateEntry label="Due date" value={shortDate(invoice.dueDate)} />
            <DateEntry label="Sent" value={invoice.sentAt && formatInZone(invoice.sentAt, timezone)} />
            <DateEntry label="Paid" value={invoice.paidAt && formatInZone(invoice.paidAt, timezone)} />
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
          <p className="multiline">
            <strong>Message:</strong> {invoice.message}
          </p>
        ) : null}
        {invoice.privateNotes ? <p className="muted multiline">Private notes: {invoice.privateNotes}</p> : null}
      </section>
      <InvoicePayments
        invoice={invoice}
        timezone={timezone}
        payment={payable ? { token: paymentToken, today } : null}
        posted={posted}
        errors={errors}
      />
      {invoice.status !== InvoiceStatus.Uncollectible ? (
        <SendInvoiceForm token={sendToken} sentAt={invoice.sentAt} posted={posted} errors={errors} />
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

/** One date of the summary, left out while it has none. */
function DateEntry({ label, value }: { label: string; value: string | null }) {
  return value ? (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Invoice #${data.invoice.number}` : "Invoice"} | Fieldwise` },
];
