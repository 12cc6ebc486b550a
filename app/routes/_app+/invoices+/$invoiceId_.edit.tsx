import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { lineItemFormValues, type DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvoiceForm } from "~/components/invoice-form";
import { EditDocumentPage } from "~/components/document-page";
import { notFound, requireAccess } from "~/access/access.server";
import { InvoiceStatus, invoiceUpdateSchema } from "~/models/invoices/invoices.schema";
import { getInvoice, updateInvoice } from "~/models/invoices/invoices.server";
import { dollarsInput } from "~/models/line-items/money";
import {
  invalidInvoiceForm,
  invoiceFormAction,
  invoiceFormOptions,
  type InvoiceFormValues,
} from "~/routes/_app+/invoices+/__invoice-form.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import { screens } from "~/access/route-table";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.edit);
  const invoice = await getInvoice(ctx, Number(params.invoiceId));
  if (!invoice) notFound();
  if (invoice.status === InvoiceStatus.Paid || invoice.status === InvoiceStatus.Uncollectible)
    throw await toasts().redirectWithError(
      `/invoices/${invoice.id}`,
      "A paid or uncollectible invoice cannot be edited",
    );
  const options = await invoiceFormOptions(ctx, invoice.customerId);
  const values: InvoiceFormValues = {
    customerAddressId: invoice.customerAddressId ?? "",
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    message: invoice.message ?? "",
    privateNotes: invoice.privateNotes ?? "",
    taxRate: String(invoice.taxRate / 100),
    discount: dollarsInput(invoice.discountCents),
    lineItems: invoice.lineItems.map(lineItemFormValues),
  };
  return json({
    ...options,
    id: invoice.id,
    title: `Invoice #${invoice.number}`,
    customer: { id: invoice.customerId, name: invoice.customerName },
    values,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.edit);
  const id = Number(params.invoiceId);
  return invoiceFormAction(ctx, request, async (values) => {
    const parsed = invoiceUpdateSchema.safeParse({ ...values, lineItems: values.lineItems ?? [] });
    if (!parsed.success) return invalidInvoiceForm(values, fieldErrors(parsed.error));
    if (!(await updateInvoice(ctx, id, parsed.data))) notFound();
    return toasts().redirectWithSuccess(`/invoices/${id}`, "Invoice was saved successfully!");
  });
}

/** Edit an invoice that is not paid: dates, lines, money and notes. */
export default function EditInvoiceRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<InvoiceFormValues>>();
  const to = `/invoices/${data.id}`;
  return (
    <EditDocumentPage title={data.title} to={to}>
      <InvoiceForm {...data} loaded={data.values} posted={posted} submitLabel="Save" cancelTo={to} />
    </EditDocumentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.title ?? "Invoice"} | Fieldwise` },
];
