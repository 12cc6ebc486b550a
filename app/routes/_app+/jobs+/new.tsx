import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddCustomerLink, CustomerPicker } from "~/components/customer-picker";
import { JobForm } from "~/components/job-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { newDocumentData } from "~/routes/_app+/__customer-picker.server";
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
  return json(await newDocumentData(access.ctx, request, jobFormOptions));
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
        <CustomerPicker idPrefix="job" newPath="/jobs/new" q={data.q} matches={data.matches}>
          <AddCustomerLink />
        </CustomerPicker>
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
