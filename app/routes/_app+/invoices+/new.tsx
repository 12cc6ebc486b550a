import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewDocumentPage } from "~/components/document-page";
import { InvoiceForm } from "~/components/invoice-form";
import { notFound, requireAccess } from "~/access/access.server";
import { newDocumentData } from "~/routes/_app+/__customer-picker.server";
import { invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import { createInvoice, createInvoiceFromJob } from "~/models/invoices/invoices.server";
import {
  invalidInvoiceForm,
  invoiceFormAction,
  invoiceFormOptions,
  type InvoiceFormValues,
} from "~/routes/_app+/invoices+/__invoice-form.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import { RuleError } from "~/models/rules";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.new);
  return json(await newDocumentData(ctx, request, invoiceFormOptions));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.new);
  const posted = await request.clone().formData();
  if (posted.get("intent") === "fromJob") {
    // "Create invoice" on a job's page: a second click opens the job's open invoice.
    const jobId = Number(posted.get("jobId"));
    const made = await createInvoiceFromJob(ctx, jobId).catch((error: unknown) => {
      if (error instanceof RuleError) return error;
      throw error;
    });
    if (made instanceof RuleError) return toasts().redirectWithError(`/jobs/${jobId}`, made.message);
    if (!made) notFound();
    return made.created
      ? toasts().redirectWithSuccess(`/invoices/${made.id}`, `Invoice #${made.number} was created from the job`)
      : toasts().redirectWithSuccess(`/invoices/${made.id}`, `The job already has invoice #${made.number}`);
  }
  return invoiceFormAction(ctx, request, async (values) => {
    const parsed = invoiceCreateSchema.safeParse({ ...values, lineItems: values.lineItems ?? [] });
    if (!parsed.success) return invalidInvoiceForm(values, fieldErrors(parsed.error));
    const { id } = await createInvoice(ctx, parsed.data);
    return toasts().redirectWithSuccess(`/invoices/${id}`, "Invoice was created successfully!");
  });
}

/** New invoice by hand: pick the customer (or come with ?customerId), then the invoice form. */
export default function NewInvoiceRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<InvoiceFormValues>>();
  return (
    <NewDocumentPage
      noun="Invoice"
      path="/invoices"
      picker={data}
      form={(customer) => (
        <InvoiceForm {...data} customer={customer} posted={posted} submitLabel="Create Invoice" cancelTo="/invoices" />
      )}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "New Invoice | Fieldwise" }];
