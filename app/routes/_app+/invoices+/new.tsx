import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlainTextField } from "~/components/form";
import { InvoiceForm } from "~/components/invoice-form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { displayName } from "~/models/customers/customers.schema";
import { searchCustomers } from "~/models/customers/customers.server";
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

type ActionData = { values: InvoiceFormValues; errors: Record<string, string> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.new);
  const url = new URL(request.url);
  const customerId = Number(url.searchParams.get("customerId")) || null;
  const q = url.searchParams.get("q")?.trim() ?? "";
  const options = await invoiceFormOptions(ctx, customerId);
  const matches = !options.customer && q ? await searchCustomers(ctx, q, 20) : [];
  return json({ ...options, q, matches: matches.map((c) => ({ id: c.id, name: displayName(c) })) });
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
  const posted = useActionData<ActionData>();
  if (!data.customer) {
    return (
      <>
        <PageHeader title="New Invoice" breadcrumb={{ label: "Invoices", to: "/invoices" }} />
        <Form method="get" className="toolbar" role="search" aria-label="Find the customer">
          <PlainTextField
            id="invoice-customer-search"
            label="Customer"
            name="q"
            type="search"
            defaultValue={data.q}
            placeholder="Name, email, phone or address"
          />
          <button type="submit" className="button">
            Search
          </button>
        </Form>
        {data.q && data.matches.length === 0 ? <EmptyState /> : null}
        <ul className="stack">
          {data.matches.map((c) => (
            <li key={c.id}>
              <Link to={`/invoices/new?customerId=${c.id}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <PageHeader title="New Invoice" breadcrumb={{ label: "Invoices", to: "/invoices" }} />
      <InvoiceForm
        {...data}
        customer={data.customer}
        posted={posted}
        submitLabel="Create Invoice"
        cancelTo="/invoices"
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New Invoice | Fieldwise" }];
