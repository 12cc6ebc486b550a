import { Form } from "@remix-run/react";
import { MapIsland } from "~/components/map-island";
import { EditScope, editScopeLabels } from "~/models/jobs/jobs.schema";
import type { DayPlan, RouteStop, TechnicianRoute } from "~/models/routing/plan.server";
import { splitWall, timeLabel } from "~/models/schedule/schedule";

/** 'hh:mm am' of a wall-clock 'YYYY-MM-DDTHH:mm'. */
export const wallTime = (wall: string | null) => {
  const parts = wall ? splitWall(wall) : null;
  return parts ? timeLabel(parts.minutes) : "";
};

/** '1 h 05 min' or '25 min'. */
export function driveText(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

/** The proposed routes, one card per technician with its map, what is left out, and Apply. */
export function RoutingPlan({ plan, apiKey }: { plan: DayPlan; apiKey: string | null }) {
  const nameOf = new Map(plan.technicians.map((t) => [t.employeeId, t.name]));
  const stops = plan.technicians.flatMap((t) => t.proposed.stops.map((stop) => ({ stop, employeeId: t.employeeId })));
  const recurring = stops.filter(({ stop }) => stop.isRecurring && stop.changed);
  return (
    <section className="stack" aria-labelledby="plan-title">
      <h2 id="plan-title">Proposed routes</h2>
      <p>
        Drive time: {driveText(plan.driveMinutesBefore)} now, {driveText(plan.driveMinutesAfter)} with these routes.{" "}
        {plan.changedCount === 0 ? "The schedule already follows them." : `${plan.changedCount} visits change.`}
      </p>
      {plan.technicians.length === 0 ? <p className="muted">No visits to plan on this day.</p> : null}
      {plan.technicians.map((t) => (
        <TechnicianCard key={t.employeeId} route={t} plan={plan} apiKey={apiKey} nameOf={nameOf} />
      ))}
      {plan.skipped.length ? (
        <section className="card stack" aria-labelledby="skipped-title">
          <h3 id="skipped-title">Not planned</h3>
          <ul>
            {plan.skipped.map((s) => (
              <li key={s.visitId}>
                {s.title} ({wallTime(s.start)}): {s.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {stops.length ? (
        <Form method="post" className="stack" aria-label="Apply the routes">
          <input type="hidden" name="date" value={plan.date} />
          {stops.map(({ stop, employeeId }, i) => (
            <span key={stop.visitId} hidden>
              <input type="hidden" name={`visits[${i}].id`} value={stop.visitId} />
              <input type="hidden" name={`visits[${i}].start`} value={stop.start} />
              <input type="hidden" name={`visits[${i}].end`} value={stop.end} />
              <input type="hidden" name={`visits[${i}].windowEnd`} value={stop.windowEnd} />
              <input type="hidden" name={`visits[${i}].employeeId`} value={employeeId} />
            </span>
          ))}
          {recurring.map(({ stop }) => {
            const i = stops.findIndex((s) => s.stop.visitId === stop.visitId);
            return (
              <fieldset className="card" key={stop.visitId}>
                <legend>{stop.title} repeats. Apply the change to</legend>
                <div className="row">
                  {([EditScope.OnlyThis, EditScope.ThisAndFollowing, EditScope.All] as const).map((scope) => (
                    <label className="checkbox" key={scope}>
                      <input
                        type="radio"
                        name={`visits[${i}].scope`}
                        value={scope}
                        defaultChecked={scope === EditScope.OnlyThis}
                      />
                      {editScopeLabels[scope]}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          <div className="form-actions">
            <button type="submit" className="button button-primary" name="intent" value="apply">
              Apply
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function TechnicianCard({
  route,
  plan,
  apiKey,
  nameOf,
}: {
  route: TechnicianRoute;
  plan: DayPlan;
  apiKey: string | null;
  nameOf: Map<number, string>;
}) {
  const titleId = `route-${route.employeeId}`;
  const places = [
    { label: plan.start.label, address: plan.start.address, geo: plan.start.geo },
    ...route.proposed.stops.map((s: RouteStop) => ({ label: s.title, address: s.address, geo: s.geo })),
    { label: plan.end.label, address: plan.end.address, geo: plan.end.geo },
  ].filter((p) => p.address);
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h3 id={titleId}>{route.name}</h3>
      <p className="muted">
        Now: {route.current.stops.map((s) => `${s.title} ${wallTime(s.start)}`).join(", ") || "no visits"} (
        {driveText(route.current.driveMinutes)} driving)
      </p>
      {route.proposed.stops.length ? (
        <>
          <p>
            Leave {wallTime(route.proposed.leave)}, back {wallTime(route.proposed.back)}:{" "}
            {driveText(route.proposed.driveMinutes)} driving
          </p>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Route of {route.name}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Visit</th>
                  <th scope="col">Arrive</th>
                  <th scope="col">Time</th>
                  <th scope="col">Drive</th>
                </tr>
              </thead>
              <tbody>
                {route.proposed.stops.map((s, i) => (
                  <tr key={s.visitId}>
                    <td>{i + 1}</td>
                    <td>
                      {s.title}
                      {s.fromEmployeeId ? ` (from ${nameOf.get(s.fromEmployeeId) ?? "another technician"})` : ""}
                      {s.changed ? <strong> (changed)</strong> : null}
                    </td>
                    <td>{wallTime(s.arrival)}</td>
                    <td>
                      {wallTime(s.start)} – {wallTime(s.end)}
                    </td>
                    <td>{driveText(s.driveMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MapIsland places={places} route apiKey={apiKey} />
        </>
      ) : (
        <p className="muted">No visits in the proposed routes.</p>
      )}
    </section>
  );
}
