import { Link } from "@remix-run/react";
import { returnToQuery } from "~/components/schedule/visit-block";
import type { UnscheduledJob } from "~/models/schedule/schedule";

/** Jobs waiting for a time, beside the calendar; each opens the schedule screen. */
export function UnscheduledList({ jobs, returnTo }: { jobs: UnscheduledJob[]; returnTo: string }) {
  const returnQuery = returnToQuery(returnTo);
  return (
    <aside className="card schedule-unscheduled" aria-labelledby="unscheduled-title">
      <h2 id="unscheduled-title">Unscheduled</h2>
      {jobs.length === 0 ? (
        <p className="muted">No items</p>
      ) : (
        <ul>
          {jobs.map((job) => (
            <li key={job.id}>
              <span className="unscheduled-job">
                <Link to={`/jobs/${job.id}`}>{job.customerName}</Link>
                {job.title && job.title !== job.customerName ? <span className="muted">{job.title}</span> : null}
              </span>
              <Link
                className="button button-sm"
                to={`/jobs/${job.id}/schedule${returnQuery}`}
                aria-label={`Schedule ${job.customerName}`}
              >
                Schedule
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/jobs" className="muted">
        All jobs
      </Link>
    </aside>
  );
}
