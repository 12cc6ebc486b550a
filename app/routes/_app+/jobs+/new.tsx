import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlainTextField } from "~/components/form";
import { JobForm } from "~/components/job-form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { displayName } from "~/models/customers/customers.schema";
import { searchCustomers } from "~/models/customers/customers.server";
import {
  invalidJobForm,
  isInactive,
  jobFormAction,
  jobFormOptions,
  parseJobForm,
  type JobFormValues,
} from "~/routes/_app+/jobs+/__job-form.server";
import { createJob } from "~/models/jobs/jobs.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

type ActionData = { values: JobFormValues; errors: Record<string, string> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.jobs.new);
  if (isInactive(access)) throw redirect("/jobs?dialog=limited");
  const url = new URL(request.url);
  const customerId = Number(url.searchParams.get("customerId")) || null;
  const q = url.searchParams.get("q")?.trim() ?? "";
  const options = await jobFormOptions(access.ctx, customerId);
  const matches = !options.customer && q ? await searchCustomers(access.ctx, q, 20) : [];
  return json({ ...options, q, matches: matches.map((c) => ({ id: c.id, name: displayName(c) })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.jobs.new);
  if (isInactive(access)) throw redirect("/jobs?dialog=limited");
  return jobFormAction(access.ctx, request, async (values) => {
    const parsed = parseJobForm(values, access.company.timezone);
    if (!parsed.ok) return invalidJobForm(values, parsed.errors);
    const { id } = await createJob(access.ctx, parsed.input);
    return toasts().redirectWithSuccess(`/jobs/${id}`, "Job was created successfully!");
  });
}

/** New job: pick the customer (or come with ?customerId from their profile), then the job form. */
export default function NewJobRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  if (!data.customer) {
    return (
      <>
        <PageHeader title="New Job" breadcrumb={{ label: "Jobs", to: "/jobs" }} />
        <Form method="get" className="toolbar" role="search" aria-label="Find the customer">
          <PlainTextField
            id="job-customer-search"
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
              <Link to={`/jobs/new?customerId=${c.id}`}>{c.name}</Link>
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
      <PageHeader title="New Job" breadcrumb={{ label: "Jobs", to: "/jobs" }} />
      <JobForm
        {...data}
        customer={data.customer}
        posted={posted}
        withSchedule
        submitLabel="Create Job"
        cancelTo="/jobs"
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New Job | Fieldwise" }];
