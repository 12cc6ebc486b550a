import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { DefaultSubmitButton } from "~/components/form";
import { FormAlert } from "~/components/document-form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxList, VisitTimeFields } from "~/components/line-item-fields";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { Role } from "~/access/roles";
import { listEmployees } from "~/models/employees/employees.server";
import {
  estimateScheduleSchema,
  estimateStatusLabels,
  SCHEDULABLE_STATUSES,
  type EstimateStatusValue,
} from "~/models/estimates/estimates.schema";
import { getEstimate, scheduleEstimate } from "~/models/estimates/estimates.server";
import { instantToWallInput, wallInputToInstant } from "~/models/jobs/job-recurrence";
import { parseNested } from "~/http/request-data.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import { screens } from "~/access/route-table";

type Values = Record<string, unknown>;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.estimates.schedule);
  const estimate = await getEstimate(ctx, Number(params.estimateId));
  if (!estimate) notFound();
  const tech = ctx.role === Role.FieldTech;
  const employees = tech
    ? estimate.employees.map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}`.trim() }))
    : (await listEmployees(ctx)).map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}`.trim() }));
  return json({
    estimate: {
      id: estimate.id,
      number: estimate.number,
      title: estimate.name ?? `Estimate #${estimate.number}`,
      customerName: estimate.customerName,
      status: estimate.status,
      canSchedule: SCHEDULABLE_STATUSES.includes(estimate.status as EstimateStatusValue),
    },
    values: {
      startTime: instantToWallInput(estimate.startTime, company.timezone),
      endTime: instantToWallInput(estimate.endTime, company.timezone),
      isAllDay: estimate.isAllDay ? "on" : "",
      arrivalWindowOffset: String(estimate.arrivalWindowOffset),
      employeeIds: estimate.employeeIds.map(String),
    } as Values,
    employees,
    lockedEmployees: tech,
    timezone: company.timezone,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.estimates.schedule);
  const id = Number(params.estimateId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const values = parseNested(await request.formData()) as Values;
  const allDay = values.isAllDay === "on";
  const wall = (v: unknown) =>
    typeof v === "string" && v ? (wallInputToInstant(allDay ? v.slice(0, 10) : v, company.timezone) ?? v) : undefined;
  const tech = ctx.role === Role.FieldTech;
  const parsed = estimateScheduleSchema.safeParse({
    id,
    startTime: wall(values.startTime),
    endTime: wall(values.endTime),
    isAllDay: allDay,
    arrivalWindowOffset: values.arrivalWindowOffset,
    timezone: company.timezone,
    // A field tech keeps the estimate's employees (the office assigns).
    employeeIds: tech ? undefined : (values.employeeIds ?? []),
    unschedule: values.intent === "unschedule",
  });
  if (!parsed.success) return json({ values, errors: fieldErrors(parsed.error) }, { status: 422 });
  try {
    if (!(await scheduleEstimate(ctx, parsed.data))) notFound();
  } catch (error) {
    if (error instanceof RuleError) return json({ values, errors: error.fieldErrors }, { status: 422 });
    throw error;
  }
  return toasts().redirectWithSuccess(
    `/estimates/${id}`,
    parsed.data.unschedule ? "Estimate visit was unscheduled" : "Estimate was scheduled successfully!",
  );
}

/** The estimate's visit: time, arrival window and employees (scheduled), or no time (unscheduled). */
export default function ScheduleEstimateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<{ values: Values; errors: Record<string, string> }>();
  const values = posted?.values ?? data.values;
  const errors = posted?.errors ?? {};
  const { estimate } = data;
  const field = (name: string, fallback = "") => ({
    id: `estimate-schedule-${name}`,
    name,
    error: errors[name],
    defaultValue: typeof values[name] === "string" && values[name] ? (values[name] as string) : fallback,
  });
  const selected = Array.isArray(values.employeeIds)
    ? values.employeeIds.map(String)
    : values.employeeIds
      ? [String(values.employeeIds)]
      : [];
  return (
    <>
      <PageHeader title="Schedule estimate" breadcrumb={{ label: estimate.title, to: `/estimates/${estimate.id}` }} />
      <section className="card" aria-label="Estimate">
        <p>
          <Link to={`/estimates/${estimate.id}`}>
            #{estimate.number} {estimate.customerName}: {estimate.title}
          </Link>{" "}
          <span className="badge">{estimateStatusLabels[estimate.status as EstimateStatusValue]}</span>
        </p>
        <p className="muted">Times in {data.timezone.replace(/_/g, " ")}</p>
      </section>
      {estimate.canSchedule ? (
        <Form method="post" className="card stack" noValidate>
          <FormAlert error={errors._global} />
          <DefaultSubmitButton value="schedule" />
          <VisitTimeFields field={field} allDay={values.isAllDay === "on"} endHint="Defaults to an hour" />
          {data.lockedEmployees ? (
            <p>Employees: {data.employees.map((e) => e.label).join(", ") || "None"}</p>
          ) : (
            <CheckboxList
              legend="Assigned employees"
              name="employeeIds"
              options={data.employees}
              selected={selected}
              error={errors.employeeIds}
            />
          )}
          <div className="row wrap">
            <Link className="button" to={`/estimates/${estimate.id}`}>
              Cancel
            </Link>
            <button type="submit" name="intent" value="unschedule" className="button" formNoValidate>
              Unschedule
            </button>
            <button type="submit" name="intent" value="schedule" className="button button-primary">
              Schedule
            </button>
          </div>
        </Form>
      ) : (
        <p className="alert alert-warning">
          A {estimateStatusLabels[estimate.status as EstimateStatusValue].toLowerCase()} estimate cannot be rescheduled.
        </p>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Schedule estimate | Fieldwise" }];
