import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormAlert } from "~/components/document-form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { EstimateDetailsSections } from "~/components/estimate-details";
import { StatusSection, type StatusFormValues } from "~/components/job-status-form";
import { notFound, pathRecordId, requireAccess } from "~/access/access.server";
import { listEmployees } from "~/models/employees/employees.server";
import {
  ESTIMATE_STATUS_MOVES,
  EstimateEvent,
  EstimateStatus,
  estimateStatusLabels,
  type EstimateStatusValue,
} from "~/models/estimates/estimates.schema";
import { canSeeEstimate, getEstimate } from "~/models/estimates/estimates.server";
import { estimateSendingInfo } from "~/models/estimates/estimate-send.server";
import { CustomerAnswer, EstimateSendSection } from "~/components/estimate-send-form";
import { randomUUID } from "node:crypto";
import { estimateDetailsAction } from "~/routes/_app+/estimates+/__estimate-details.server";
import { Role } from "~/access/roles";
import { screens } from "~/access/route-table";
import { RecordChecklists } from "~/components/record-checklists";
import { checklistsAction, checklistsSection } from "~/routes/_app+/__record-checklists.server";
import { RecordExpenses } from "~/components/record-expenses";
import { recordExpensesSection } from "~/models/expenses/expenses.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.details);
  const { ctx, company } = access;
  const estimate = await getEstimate(ctx, Number(params.id));
  if (!estimate) notFound();
  // Who is assigned is the office's call (a field tech sees the names only).
  const employees =
    ctx.role === Role.FieldTech
      ? []
      : (await listEmployees(ctx)).map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}`.trim() }));
  const url = new URL(request.url);
  return json({
    estimate,
    // The send section's link and signature image, and one token per render (a double submit sends once).
    sending: await estimateSendingInfo(ctx, estimate.id),
    sendToken: randomUUID(),
    employees,
    expenses: await recordExpensesSection(ctx, company, { estimateId: estimate.id }),
    timezone: company.timezone,
    confirmDelete: url.searchParams.get("delete") === "1",
    checklists: await checklistsSection(access, { estimateId: estimate.id }),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.details);
  const id = pathRecordId(params.id);
  // The Checklists section's forms; the estimate must be the caller's to see.
  if (new URL(request.url).searchParams.has("checklists"))
    return (await canSeeEstimate(access.ctx, id)) ? checklistsAction(request, access, { estimateId: id }) : notFound();
  return estimateDetailsAction(request, access, pathRecordId(params.id));
}

/** Estimate details: options with their lines and totals, status moves and undo, rename, employees, timeline, delete. */
export default function EstimateDetailsRoute() {
  const { estimate, employees, timezone, confirmDelete, sending, sendToken, checklists } =
    useLoaderData<typeof loader>();
  const { expenses } = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: Record<string, string>; values?: StatusFormValues }>();
  const errors = result?.errors ?? {};
  const status = estimate.status as EstimateStatusValue;
  const moves = ESTIMATE_STATUS_MOVES[status];
  const canUndo = estimate.timeline.some(
    (e) =>
      e.toStatus === status &&
      e.fromStatus !== null &&
      !e.undoneAt &&
      e.type !== EstimateEvent.StatusUndone &&
      e.type !== EstimateEvent.Rescheduled,
  );
  const title = estimate.name ?? `Estimate #${estimate.number}`;
  return (
    <>
      <PageHeader
        title={`#${estimate.number} ${title}`}
        breadcrumb={{ label: "Estimates", to: "/estimates" }}
        badge={<span className={`badge status-${status}`}>{estimateStatusLabels[status]}</span>}
        actions={
          <>
            {status === EstimateStatus.Approved ? (
              <Form method="post">
                <button className="button button-primary" name="intent" value="copyToJob">
                  Copy to job
                </button>
              </Form>
            ) : null}
            {estimate.copiedToJobId ? (
              <Link className="button" to={`/jobs/${estimate.copiedToJobId}`}>
                Copied to job #{estimate.copiedToJobId}
              </Link>
            ) : null}
            <Link className="button" to={`/estimates/${estimate.id}/schedule`}>
              Schedule
            </Link>
            <a className="button" href={`/api/estimates/${estimate.id}/pdf`}>
              Download PDF
            </a>
            <Link className="button" to={`/estimates/${estimate.id}/edit`}>
              Edit
            </Link>
            <Link className="button button-danger" to="?delete=1">
              Delete
            </Link>
          </>
        }
      />
      <FormAlert error={errors._global} />
      {confirmDelete ? (
        <DeleteConfirmation noun="Estimate">
          <p>Estimate #{estimate.number} with its options will be completely deleted.</p>
        </DeleteConfirmation>
      ) : null}
      <StatusSection
        status={status}
        moves={moves}
        labels={estimateStatusLabels}
        needsStart={!estimate.startTime && moves.includes(EstimateStatus.Scheduled)}
        canUndo={canUndo && status !== EstimateStatus.CopiedToJob}
        noun="estimate"
        formKey={estimate.timeline.length}
        errors={errors}
        values={result?.values}
      />
      <CustomerAnswer estimate={estimate} signatureImageUrl={sending?.signatureImageUrl ?? null} timezone={timezone} />
      <EstimateSendSection
        estimate={estimate}
        link={sending?.link ?? ""}
        sendToken={sendToken}
        errors={errors}
        values={result?.values}
      />
      <EstimateDetailsSections estimate={estimate} employees={employees} timezone={timezone} errors={errors} />
      {checklists ? (
        <RecordChecklists kind="estimate" recordId={estimate.id} section={checklists} errors={errors} />
      ) : null}
      <RecordExpenses section={expenses} returnTo={`/estimates/${estimate.id}`} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.estimate.name ?? "Estimate"} | Fieldwise` },
];
