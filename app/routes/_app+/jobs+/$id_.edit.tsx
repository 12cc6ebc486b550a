import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  jobOrEstimateFormValues,
  lineItemFormValues,
  type DocumentFormAnswer,
} from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm } from "~/components/job-form";
import { EditDocumentPage } from "~/components/document-page";
import { notFound, requireAccess } from "~/access/access.server";
import {
  invalidJobForm,
  jobFormAction,
  jobFormOptions,
  type JobFormValues,
} from "~/routes/_app+/jobs+/__job-form.server";
import { jobUpdateSchema } from "~/models/jobs/jobs.schema";
import { getJob, updateJob } from "~/models/jobs/jobs.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import { screens } from "~/access/route-table";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.jobs.edit);
  const job = await getJob(ctx, Number(params.id));
  if (!job) notFound();
  const options = await jobFormOptions(ctx, job.customerId);
  const values: JobFormValues = {
    ...jobOrEstimateFormValues(job),
    lineItems: job.lineItems.map(lineItemFormValues),
  };
  return json({
    ...options,
    id: job.id,
    title: job.name ?? `Job #${job.id}`,
    customer: { id: job.customerId, name: job.customerName },
    values,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.jobs.edit);
  const id = Number(params.id);
  return jobFormAction(ctx, request, async (values) => {
    const parsed = jobUpdateSchema.safeParse({
      ...values,
      tags: values.tags ?? [],
      lineItems: values.lineItems ?? [],
      discount: values.discount ?? "0",
    });
    if (!parsed.success) return invalidJobForm(values, fieldErrors(parsed.error));
    if (!(await updateJob(ctx, id, parsed.data))) notFound();
    return toasts().redirectWithSuccess(`/jobs/${id}`, "Job was saved successfully!");
  });
}

/** Edit a job's details, line items, money, tags and notes (scheduling is on /jobs/{id}/schedule). */
export default function EditJobRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<JobFormValues>>();
  const to = `/jobs/${data.id}`;
  return (
    <EditDocumentPage title={data.title} to={to}>
      <JobForm {...data} loaded={data.values} posted={posted} withSchedule={false} submitLabel="Save" cancelTo={to} />
    </EditDocumentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data?.title ?? "Job"} | Fieldwise` }];
