import { timelineActor } from "~/components/job-details";
import { formatInZone } from "~/utils/format";

export type TimelineEntry = {
  id: number;
  type: number;
  actorFirstName: string | null;
  actorLastName: string | null;
  impersonatorFirstName?: string | null;
  impersonatorLastName?: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  reason: string | null;
  notifyCustomer: boolean;
  undoneAt: string | null;
  at: string;
};

/** A record's history (job, estimate): each entry with its status move, actor, time and reason. */
export function TimelineList({
  entries,
  eventLabels,
  statusLabels,
  timezone,
}: {
  entries: TimelineEntry[];
  eventLabels: Record<number, string>;
  statusLabels: Record<number, string>;
  timezone: string;
}) {
  return (
    <ol className="timeline">
      {entries.map((e) => (
        <li key={e.id}>
          <strong>{eventLabels[e.type]}</strong>
          {e.fromStatus !== null && e.toStatus !== null
            ? ` (${statusLabels[e.fromStatus]} → ${statusLabels[e.toStatus]})`
            : ""}{" "}
          by {timelineActor(e)} on {formatInZone(e.at, timezone)}
          {e.reason ? ` — ${e.reason}` : ""}
          {e.notifyCustomer ? <span className="muted"> (notify customer)</span> : null}
          {e.undoneAt ? <span className="muted"> (undone)</span> : null}
        </li>
      ))}
    </ol>
  );
}
