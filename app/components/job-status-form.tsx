import { Form } from "@remix-run/react";
import {
  JOB_STATUS_MOVES,
  JobStatus,
  jobStatusLabels,
  TimelineEvent,
  type JobStatusValue,
} from "~/models/jobs/jobs.schema";

// updateJobStatusSchema's limit for the reason.
const REASON_MAX = 1000;

type StatusJob = {
  status: number;
  startTime: string | null;
  timeline: { type: number; fromStatus: number | null; toStatus: number | null; undoneAt: string | null }[];
};
export type StatusFormValues = { reason?: string; notifyCustomer?: boolean; startDate?: string };

/** The job's status moves (one form, a submit button per status) with reason and notify-customer, and the undo of the last move. */
export function JobStatusSection({
  job,
  errors,
  values,
}: {
  job: StatusJob;
  errors: Record<string, string>;
  values?: StatusFormValues;
}) {
  // Paid is reached through the payment form, which records the payment.
  const moves = JOB_STATUS_MOVES[job.status as JobStatusValue].filter((s) => s !== JobStatus.Paid);
  const canUndo = job.timeline.some(
    (e) =>
      e.toStatus === job.status &&
      e.fromStatus !== null &&
      !e.undoneAt &&
      e.type !== TimelineEvent.StatusUndone &&
      e.type !== TimelineEvent.Rescheduled,
  );
  return (
    <StatusSection
      status={job.status}
      moves={moves}
      labels={jobStatusLabels}
      needsStart={!job.startTime && moves.includes(JobStatus.Scheduled)}
      canUndo={canUndo}
      noun="job"
      expectedStatus={job.status}
      formKey={job.timeline.length}
      errors={errors}
      values={values}
    />
  );
}

/**
 * Status moves of a record with a visit (job, estimate): one form, a submit button per allowed
 * status, with reason and notify-customer (and a start when the move schedules it), and the undo
 * of the last move.
 */
export function StatusSection({
  status,
  moves,
  labels,
  needsStart,
  canUndo,
  noun,
  expectedStatus,
  formKey,
  errors,
  values,
}: {
  status: number;
  moves: readonly number[];
  labels: Record<number, string>;
  needsStart: boolean;
  canUndo: boolean;
  noun: string;
  /** Posted as expectedStatus: the action refuses the move when the record changed meanwhile (another person, an offline replay). */
  expectedStatus?: number;
  /** Changes with each recorded move, so a redirect back here with JavaScript empties the fields. */
  formKey: number;
  errors: Record<string, string>;
  values?: StatusFormValues;
}) {
  return (
    <section className="card stack" aria-labelledby="job-status-title">
      <h2 id="job-status-title">Status</h2>
      {moves.length ? (
        // Keyed by the timeline so a recorded change (a redirect back here with JavaScript) empties the fields.
        <Form method="post" key={formKey} className="stack">
          <input type="hidden" name="intent" value="status" />
          {expectedStatus === undefined ? null : <input type="hidden" name="expectedStatus" value={expectedStatus} />}
          {/* Enter in the reason field submits with the form's first button: a disabled one makes that a no-op, not a status change. */}
          <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
          <div className="row wrap">
            <div className="field">
              <label htmlFor="status-reason">Reason</label>
              <input
                id="status-reason"
                name="reason"
                maxLength={REASON_MAX}
                defaultValue={values?.reason}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? "status-reason-error" : undefined}
              />
              {errors.reason ? (
                <p className="field-error" id="status-reason-error" role="alert">
                  {errors.reason}
                </p>
              ) : null}
            </div>
            {needsStart ? (
              <div className="field">
                <label htmlFor="status-start">Start</label>
                <input
                  id="status-start"
                  type="datetime-local"
                  name="startDate"
                  defaultValue={values?.startDate}
                  aria-invalid={errors.startDate ? true : undefined}
                  aria-describedby={errors.startDate ? "status-start-hint status-start-error" : "status-start-hint"}
                />
                <p className="field-hint" id="status-start-hint">
                  Needed to move the {noun} to Scheduled
                </p>
                {errors.startDate ? (
                  <p className="field-error" id="status-start-error" role="alert">
                    {errors.startDate}
                  </p>
                ) : null}
              </div>
            ) : null}
            <label className="checkbox">
              <input type="checkbox" name="notifyCustomer" defaultChecked={values?.notifyCustomer} /> Notify customer
            </label>
          </div>
          <div className="row wrap">
            {moves.map((s) => (
              <button key={s} className="button" name="status" value={s}>
                {labels[s]}
              </button>
            ))}
          </div>
          {errors.status ? (
            <p className="field-error" role="alert">
              {errors.status}
            </p>
          ) : null}
        </Form>
      ) : null}
      {canUndo ? (
        <Form method="post">
          <input type="hidden" name="statusClicked" value={status} />
          <button className="button button-link" name="intent" value="undo">
            Undo {labels[status]}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
