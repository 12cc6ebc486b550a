import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlainTextField } from "~/components/form";
import { EstimateForm } from "~/components/estimate-form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { displayName } from "~/models/customers/customers.schema";
import { searchCustomers } from "~/models/customers/customers.server";
import { createEstimate } from "~/models/estimates/estimates.server";
import { isInactive } from "~/routes/_app+/jobs+/__job-form.server";
import {
  estimateFormAction,
  estimateFormOptions,
  invalidEstimateForm,
  parseEstimateCreate,
  type EstimateFormValues,
} from "~/routes/_app+/estimates+/__estimate-form.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

type ActionData = { values: EstimateFormValues; errors: Record<string, string> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.new);
  if (isInactive(access)) throw redirect("/estimates?dialog=limited");
  const url = new URL(request.url);
  const customerId = Number(url.searchParams.get("customerId")) || null;
  const q = url.searchParams.get("q")?.trim() ?? "";
  const options = await estimateFormOptions(access.ctx, customerId);
  const matches = !options.customer && q ? await searchCustomers(access.ctx, q, 20) : [];
  return json({ ...options, q, matches: matches.map((c) => ({ id: c.id, name: displayName(c) })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.new);
  if (isInactive(access)) throw redirect("/estimates?dialog=limited");
  return estimateFormAction(access.ctx, request, async (values) => {
    const parsed = parseEstimateCreate(values, access.company.timezone);
    if (!parsed.ok) return invalidEstimateForm(values, parsed.errors);
    const { id, number } = await createEstimate(access.ctx, parsed.input);
    return toasts().redirectWithSuccess(`/estimates/${id}`, `Estimate #${number} was created successfully!`);
  });
}

/** New estimate: pick the customer (or come with ?customerId from their profile), then the estimate form. */
export default function NewEstimateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const header = <PageHeader title="New Estimate" breadcrumb={{ label: "Estimates", to: "/estimates" }} />;
  if (!data.customer) {
    return (
      <>
        {header}
        <Form method="get" className="toolbar" role="search" aria-label="Find the customer">
          <PlainTextField
            id="estimate-customer-search"
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
              <Link to={`/estimates/new?customerId=${c.id}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/customers/new">Add a new customer</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {header}
      <EstimateForm
        {...data}
        customer={data.customer}
        posted={posted}
        withSchedule
        submitLabel="Create Estimate"
        cancelTo="/estimates"
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New Estimate | Fieldwise" }];
