import { PlanStatus, planStatusLabels } from "~/models/service-plans/plan-terms";

/** A sold plan's status (pending 0, active 1, cancelled 4), and "Charge failed" beside an active plan whose last charge failed. */
export function PlanStatusBadge({ status, failed = false }: { status: number; failed?: boolean }) {
  const tone = status === PlanStatus.Active ? "badge-success" : status === PlanStatus.Pending ? "badge-warning" : "";
  return (
    <span className="row" style={{ gap: "0.25rem", display: "inline-flex" }}>
      <span className={`badge ${tone}`}>{planStatusLabels[status as 0 | 1 | 4] ?? status}</span>
      {failed && status === PlanStatus.Active ? <span className="badge badge-danger">Charge failed</span> : null}
    </span>
  );
}
