import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewDocumentPage } from "~/components/document-page";
import { JobForm } from "~/components/job-form";
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
import { StartFromTemplate, TemplateFields } from "~/components/template-start";
import { TemplateType } from "~/models/templates/templates.schema";
import { templateStart } from "~/routes/_app+/templates+/__template-form.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.jobs.new);
  if (isInactive(access)) throw redirect("/jobs?dialog=limited");
  const start = await templateStart(access.ctx, request, TemplateType.Job);
  return json({ ...(await newDocumentData(access.ctx, request, jobFormOptions)), ...start });
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
  const posted = useActionData<DocumentFormAnswer<JobFormValues>>();
  return (
    <NewDocumentPage
      noun="Job"
      path="/jobs"
      picker={data}
      addCustomer
      carry={data.templateChoice.template ? { templateId: String(data.templateChoice.template.id) } : undefined}
      form={(customer) => (
        <>
          <StartFromTemplate noun="job" customerId={customer.id} choice={data.templateChoice} />
          <JobForm
            key={data.templateChoice.template?.id ?? "blank"}
            {...data}
            customer={customer}
            posted={posted}
            extraFields={<TemplateFields choice={data.templateChoice} posted={posted} />}
            withSchedule
            submitLabel="Create Job"
            cancelTo="/jobs"
          />
        </>
      )}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "New Job | Fieldwise" }];
