import { randomUUID } from "node:crypto";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormAlert } from "~/components/document-form";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { pathRecordId, requireAccess } from "~/access/access.server";
import { JobDetailsSections } from "~/components/job-details";
import { JobStatusSection, type StatusFormValues } from "~/components/job-status-form";
import { jobDetailsAction } from "~/routes/_app+/jobs+/__job-details.server";
import { withOfflineChange } from "~/http/offline-change.server";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { canSeeJob, getJob } from "~/models/jobs/jobs.server";
import { listJobMessages } from "~/models/messaging/automatic.server";
import { db } from "~/db.server";
import { notFound } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { isBroadRole } from "~/access/roles";
import { openInvoiceOfJob } from "~/models/invoices/invoices.server";
import { RecordChecklists } from "~/components/record-checklists";
import { checklistsAction, checklistsSection } from "~/routes/_app+/__record-checklists.server";
import { RecordExpenses } from "~/components/record-expenses";
import { recordExpensesSection } from "~/models/expenses/expenses.server";
import { MapIsland } from "~/components/map-island";
import { mapsBrowserKey } from "~/services/maps-key.server";
import { JobNotesForm, JobSectionsNav, JobSignatureForm } from "~/components/job-on-site";
import { latestJobSignature } from "~/models/jobs/job-on-site.server";
import jobPageStyles from "~/components/job-details.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: jobPageStyles }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.jobs.details);
  const { ctx, company } = access;
  const job = await getJob(ctx, Number(params.id));
  if (!job) notFound();
  const url = new URL(request.url);
  const messages = await listJobMessages(db, ctx.companyId, job.id);
  const invoice = isBroadRole(ctx.role) ? await openInvoiceOfJob(ctx.companyId, job.id) : null;
  return json({
    messages,
    job,
    invoice,
    expenses: await recordExpensesSection(ctx, company, { jobId: job.id }),
    canInvoice: isBroadRole(ctx.role) && job.status !== 6,
    timezone: company.timezone,
    confirmDelete: url.searchParams.get("delete") === "1",
    requestToken: randomUUID(),
    checklists: await checklistsSection(access, { jobId: job.id }),
    mapsKey: mapsBrowserKey(),
    signature: await latestJobSignature(ctx, job.id),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.jobs.details);
  const id = pathRecordId(params.id);
  // The Checklists section's forms; the job must be the caller's to see.
  if (new URL(request.url).searchParams.has("checklists"))
    return (await canSeeJob(access.ctx, id))
      ? withOfflineChange(request, access, () => checklistsAction(request, access, { jobId: id }))
      : notFound();
  return withOfflineChange(request, access, () => jobDetailsAction(request, access, pathRecordId(params.id)));
}

/** Job details: status moves and undo, payment, rename, segments, attachments, timeline. */
export default function JobDetailsRoute() {
  const { job, timezone, confirmDelete, requestToken, messages, invoice, canInvoice, checklists } =
    useLoaderData<typeof loader>();
  const { expenses, mapsKey, signature } = useLoaderData<typeof loader>();
  const result = useActionData<{
    errors?: Record<string, string>;
    values?: StatusFormValues & { privateNotes?: string; signName?: string };
  }>();
  return (
    <div className="job-page">
      <PageHeader
        title={job.name ?? `Job #${job.id}`}
        breadcrumb={{ label: "Jobs", to: "/jobs" }}
        badge={<span className={`badge status-${job.status}`}>{jobStatusLabels[job.status as JobStatusValue]}</span>}
        actions={
          <>
            <Link className="button" to={`/jobs/${job.id}/schedule`}>
              Schedule
            </Link>
            <Link className="button" to={`/jobs/${job.id}/edit`}>
              Edit
            </Link>
            {invoice ? (
              <Link className="button" to={`/invoices/${invoice.id}`}>
                Invoice #{invoice.number}
              </Link>
            ) : canInvoice ? (
              <Form method="post" action="/invoices/new">
                <input type="hidden" name="jobId" value={job.id} />
                <button className="button" name="intent" value="fromJob">
                  Create invoice
                </button>
              </Form>
            ) : null}
            <Link className="button button-danger" to="?delete=1">
              Delete
            </Link>
          </>
        }
      />
      <JobSectionsNav hasChecklists={!!checklists} />
      <FormAlert error={result?.errors?._global} />
      {confirmDelete ? (
        <DeleteConfirmation noun="Job">
          {job.seriesId ? (
            <fieldset>
              <legend>This visit repeats. Delete:</legend>
              {["Only this", "This and following", "All"].map((label, i) => (
                <label key={label} className="checkbox-row">
                  <input type="radio" name="scope" value={i} defaultChecked={i === 0} /> {label}
                </label>
              ))}
            </fieldset>
          ) : (
            <p>The job will be completely deleted.</p>
          )}
        </DeleteConfirmation>
      ) : null}
      <JobStatusSection job={job} errors={result?.errors ?? {}} values={result?.values} />
      <JobNotesForm
        privateNotes={job.privateNotes}
        error={result?.errors?.privateNotes}
        value={result?.values?.privateNotes}
      />
      {job.location ? (
        <section className="card stack" aria-labelledby="job-property-title">
          <h2 id="job-property-title">Property</h2>
          <MapIsland places={[{ label: job.location, address: job.location, geo: job.geoData }]} apiKey={mapsKey} />
        </section>
      ) : null}
      <JobDetailsSections
        job={job}
        timezone={timezone}
        errors={result?.errors ?? {}}
        requestToken={requestToken}
        messages={messages}
      />
      {checklists ? (
        <RecordChecklists
          kind="job"
          recordId={job.id}
          recurring={!!job.seriesId}
          section={checklists}
          errors={result?.errors ?? {}}
        />
      ) : null}
      <JobSignatureForm
        signature={signature}
        timezone={timezone}
        errors={result?.errors ?? {}}
        value={result?.values?.signName}
      />
      <RecordExpenses section={expenses} returnTo={`/jobs/${job.id}`} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.job.name ?? "Job"} | Fieldwise` }];
