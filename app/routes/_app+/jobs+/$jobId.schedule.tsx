import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { PageHeader } from "~/components/page-header";
import { SCHEDULE_FORM_ID, ScheduleForm } from "~/components/schedule/schedule-form";
import scheduleStyles from "~/components/schedule/schedule.css";
import { notFound, requireAccess } from "~/access/access.server";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { getJob, JobRuleError } from "~/models/jobs/jobs.server";
import { scheduleFormSchema } from "~/models/schedule/schedule.schema";
import {
  canReschedule,
  isFieldTech,
  scheduleFormDefaults,
  scheduleJobFromForm,
  scheduleSideData,
  visitWhenText,
} from "~/models/schedule/schedule.server";
import { safeRedirect, toasts } from "~/sessions.server";
import { submitForm } from "~/http/forms.server";
import { RuleError } from "~/models/rules";
import { screens } from "~/access/route-table";

/** The jobs model's field names on this form. */
const FORM_FIELDS: Record<string, string> = {
  startTime: "startTime",
  endTime: "endTime",
  employeeIds: "employeeIds",
  recurrence: "recurrenceOption",
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];

const jobIdOf = (params: LoaderFunctionArgs["params"]) => Number(params.jobId);
/** Back to where the user came from (the schedule or the job), never off-site. */
const backTo = (returnTo: FormDataEntryValue | string | null, jobId: number) =>
  safeRedirect(returnTo, `/jobs/${jobId}`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company, user } = await requireAccess({ request, context }, screens.jobs.schedule);
  const job = await getJob(ctx, jobIdOf(params));
  if (!job) notFound();
  const url = new URL(request.url);
  const { employees } = await scheduleSideData(ctx);
  const tech = isFieldTech(ctx);
  const assigned = tech
    ? job.employees.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}`.trim(), color: e.color }))
    : employees;
  return json({
    job: {
      id: job.id,
      name: job.name,
      customerName: job.customerName,
      status: job.status,
      seriesId: job.seriesId,
      canReschedule: canReschedule(job.status),
      when: job.startTime ? visitWhenText(job.startTime, job.endTime, job.isAllDay, company.timezone) : null,
    },
    defaults: scheduleFormDefaults(job, {
      timezone: company.timezone,
      date: url.searchParams.get("date") ?? undefined,
      defaultArrivalWindowOffset: user.defaultArrivalWindowOffset,
      userId: user.id,
      isFieldTech: tech,
    }),
    employees: tech && assigned.length === 0 ? employees : assigned,
    lockedEmployees: tech,
    backTo: backTo(url.searchParams.get("returnTo"), job.id),
    timezone: company.timezone,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.jobs.schedule);
  const job = await getJob(ctx, jobIdOf(params));
  if (!job) notFound();
  const formData = await request.formData();
  return submitForm(formData, withZod(scheduleFormSchema), SCHEDULE_FORM_ID, async (input) => {
    try {
      if (!(await scheduleJobFromForm(ctx, job, input, company.timezone))) notFound();
    } catch (error) {
      // The model names its own fields (startTime); the form's differ.
      if (error instanceof JobRuleError)
        throw new RuleError({ [FORM_FIELDS[error.field] ?? "_global"]: error.message });
      throw error;
    }
    return toasts().redirectWithSuccess(
      backTo(formData.get("returnTo") ?? new URL(request.url).searchParams.get("returnTo"), job.id),
      "Job was scheduled successfully!",
    );
  });
}

export default function ScheduleJobRoute() {
  const { job, defaults, employees, lockedEmployees, backTo: cancelTo, timezone } = useLoaderData<typeof loader>();
  const title = job.name && job.name !== job.customerName ? `${job.customerName}: ${job.name}` : job.customerName;
  return (
    <>
      <PageHeader
        title="Schedule job"
        breadcrumb={{ label: cancelTo.startsWith("/schedule") ? "Schedule" : "Job", to: cancelTo }}
      />
      <section className="card schedule-job-summary" aria-label="Job">
        <p>
          <Link to={`/jobs/${job.id}`}>{title}</Link>{" "}
          <span className="badge">{jobStatusLabels[job.status as JobStatusValue]}</span>
        </p>
        <p className="muted">
          {job.when ? `Now: ${job.when}` : "Not scheduled yet"} · Times in {timezone.replace(/_/g, " ")}
        </p>
      </section>
      {job.canReschedule ? (
        <ScheduleForm
          defaults={defaults}
          employees={employees}
          lockedEmployees={lockedEmployees}
          inSeries={job.seriesId !== null}
          cancelTo={cancelTo}
        />
      ) : (
        <p className="alert alert-warning">
          A {jobStatusLabels[job.status as JobStatusValue].toLowerCase()} job cannot be rescheduled.
        </p>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Schedule job | Fieldwise" }];
