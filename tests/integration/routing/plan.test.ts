import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobs } from "~/db/schema";
import { applyPlan } from "~/models/routing/apply.server";
import { planDay, type DayPlan } from "~/models/routing/plan.server";
import { saveRoutingSettings } from "~/models/routing/routing-settings.server";
import { wallMinutesBetween } from "~/models/schedule/schedule";
import { action, loader } from "~/routes/_app+/routing";
import { useTestDatabase } from "../../helpers/db";
import { callRoute } from "../route-call";
import { submit, toastOf } from "../company/screens-helpers";
import { employeesOf, jobTimes } from "../schedule/fixtures";
import { wallDate, wallTime } from "../jobs/fixtures";
import { DAY, TZ, placeVisit, routingWorld } from "./fixtures";

useTestDatabase();

const minutes = (wall: string) => wallMinutesBetween(`${DAY}T00:00`, wall);
/** An instant as wall clock in the zone: 'YYYY-MM-DDTHH:mm'. */
const wallAt = (d: Date) => `${wallDate(d, TZ)}T${wallTime(d, TZ)}`;

/** Every proposed route keeps each visit in its window, after its drive, inside 05:00 am – 10:00 pm. */
async function expectFeasible(plan: DayPlan) {
  const rows = await db
    .select({ id: jobs.id, startTime: jobs.startTime, window: jobs.arrivalWindowOffset })
    .from(jobs)
    .where(
      inArray(
        jobs.id,
        plan.technicians.flatMap((t) => t.proposed.stops.map((s) => s.visitId)),
      ),
    );
  const window = new Map(rows.map((r) => [r.id, { start: minutes(wallAt(r.startTime!)), offset: r.window }]));
  for (const route of plan.technicians) {
    if (!route.proposed.stops.length) continue;
    let free = minutes(route.proposed.leave!);
    expect(free).toBeGreaterThanOrEqual(5 * 60);
    for (const stop of route.proposed.stops) {
      const w = window.get(stop.visitId)!;
      expect(minutes(stop.start)).toBeGreaterThanOrEqual(w.start);
      expect(minutes(stop.start)).toBeLessThanOrEqual(w.start + w.offset);
      expect(minutes(stop.start)).toBeGreaterThanOrEqual(free + stop.driveMinutes);
      free = minutes(stop.end);
    }
    expect(minutes(route.proposed.back!)).toBeLessThanOrEqual(22 * 60);
  }
}

describe("planDay", () => {
  it("plans each technician's own visits within windows and hours, with less driving", async () => {
    const w = await routingWorld();
    const plan = await planDay(w.admin, DAY, { reassign: false });
    expect(plan.engine).toBe("embedded");
    expect(plan.travel).toBe("straight-line");
    expect(plan.skipped).toEqual([]);
    expect(plan.technicians.map((t) => t.employeeId).sort()).toEqual([w.techId, w.otherTechId].sort());
    const a = plan.technicians.find((t) => t.employeeId === w.techId)!;
    const b = plan.technicians.find((t) => t.employeeId === w.otherTechId)!;
    expect(a.current.stops.map((s) => s.title)).toEqual(["East early", "Near office", "East late"]);
    expect(a.proposed.stops.map((s) => s.title)).toEqual(["Near office", "East early", "East late"]);
    expect(a.proposed.stops.map((s) => s.start.slice(11))).toEqual(["10:30", "11:57", "13:00"]);
    expect(a.proposed.driveMinutes).toBeLessThan(a.current.driveMinutes);
    expect(b.proposed.stops.map((s) => s.title).sort()).toEqual(["North fixed", "North late", "South"]);
    expect(b.proposed.stops.find((s) => s.title === "North fixed")!.start).toBe(`${DAY}T09:00`);
    expect(plan.driveMinutesAfter).toBeLessThan(plan.driveMinutesBefore);
    await expectFeasible(plan);
  });

  it("lists what it cannot route with the reason, and lets visits move between technicians when asked", async () => {
    const w = await routingWorld();
    const nowhere = await w.at(`${DAY}T15:00`, `${DAY}T16:00`, { employeeIds: [w.techId], name: "Nowhere" });
    await placeVisit(nowhere, "Nowhere Lane", null);
    const allDay = await w.at(`${DAY}T00:00`, `${DAY}T00:00`, {
      employeeIds: [w.techId],
      name: "Training",
      isAllDay: true,
    });
    const nobody = await w.at(`${DAY}T16:00`, `${DAY}T16:30`, { name: "Unassigned call" });
    await placeVisit(nobody, "70 Center St, Charlotte", { latitude: 35.228, longitude: -80.845 }, 60);
    const kept = await planDay(w.admin, DAY, { reassign: false });
    expect(kept.skipped.map((s) => [s.visitId, s.reason])).toEqual([
      [allDay, "All-day visit"],
      [nowhere, "Address not found on the map"],
      [nobody, "No technician assigned"],
    ]);
    const moved = await planDay(w.admin, DAY, { reassign: true });
    expect(moved.skipped.map((s) => s.visitId)).toEqual([allDay, nowhere]);
    const routed = moved.technicians.flatMap((t) => t.proposed.stops.map((s) => s.visitId));
    expect(routed).toContain(nobody);
    await expectFeasible(moved);
  });

  it("leaves out a visit outside working hours", async () => {
    const w = await routingWorld();
    const late = await w.at(`${DAY}T22:30`, `${DAY}T23:00`, { employeeIds: [w.techId], name: "Late call" });
    await placeVisit(late, "80 Late St, Charlotte", { latitude: 35.228, longitude: -80.845 });
    const plan = await planDay(w.admin, DAY, { reassign: false });
    expect(plan.skipped).toEqual([
      { visitId: late, title: "Late call", start: `${DAY}T22:30`, reason: "Outside working hours" },
    ]);
  });
});

describe("/routing screen", () => {
  /** The Apply form's fields for a plan, as the page renders them. */
  const applyFields = (plan: DayPlan, extra: Record<string, string> = {}) => {
    const fields: Record<string, string> = { intent: "apply", date: plan.date, ...extra };
    plan.technicians
      .flatMap((t) => t.proposed.stops.map((s) => ({ s, employeeId: t.employeeId })))
      .forEach(({ s, employeeId }, i) => {
        fields[`visits[${i}].id`] = String(s.visitId);
        fields[`visits[${i}].start`] = s.start;
        fields[`visits[${i}].end`] = s.end;
        fields[`visits[${i}].windowEnd`] = s.windowEnd;
        fields[`visits[${i}].employeeId`] = String(employeeId);
      });
    return fields;
  };

  it("plans through the loader and Apply moves the visits' times on the schedule", async () => {
    const w = await routingWorld();
    const off = await callRoute(loader, `/routing?date=${DAY}&plan=1`, { cookie: w.cookie });
    expect(off.status).toBe(200);
    expect(off.body.plan).toBeNull();
    await saveRoutingSettings(w.admin, { priority: 0, isEnabled: true });
    const page = await callRoute(loader, `/routing?date=${DAY}&plan=1`, { cookie: w.cookie });
    expect(page.status).toBe(200);
    const plan = page.body.plan as DayPlan;
    expect(plan.changedCount).toBe(1);
    const res = await submit(action, "/routing", w.cookie, applyFields(plan));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/routing?date=${DAY}`);
    expect(await toastOf(res.headers)).toEqual({ type: "success", message: "Routes applied: 1 visit moved" });
    const moved = await jobTimes(w.visits.eastEarly);
    expect(wallAt(moved.startTime!)).toBe(`${DAY}T11:57`);
    expect(wallAt(moved.endTime!)).toBe(`${DAY}T12:57`);
    const [row] = await db
      .select({ offset: jobs.arrivalWindowOffset })
      .from(jobs)
      .where(eq(jobs.id, w.visits.eastEarly));
    expect(row.offset).toBe(3);
    expect(await employeesOf(w.visits.eastEarly)).toEqual([w.techId]);
    // Planning again: the schedule already follows the routes.
    const again = (await callRoute(loader, `/routing?date=${DAY}&plan=1`, { cookie: w.cookie })).body.plan as DayPlan;
    expect(again.changedCount).toBe(0);
  });

  it("refuses a plan with another company's visit (404) and changes nothing", async () => {
    const w = await routingWorld();
    const other = await routingWorld();
    const plan = await planDay(w.admin, DAY, { reassign: false });
    const fields = applyFields(plan, { "visits[6].id": String(other.visits.eastEarly) });
    Object.assign(fields, {
      "visits[6].start": `${DAY}T06:00`,
      "visits[6].end": `${DAY}T07:00`,
      "visits[6].windowEnd": `${DAY}T06:00`,
      "visits[6].employeeId": String(other.techId),
    });
    const res = await submit(action, "/routing", w.cookie, fields);
    expect(res.status).toBe(404);
    expect(wallAt((await jobTimes(w.visits.eastEarly)).startTime!)).toBe(`${DAY}T09:00`);
    expect(wallAt((await jobTimes(other.visits.eastEarly)).startTime!)).toBe(`${DAY}T09:00`);
    expect(
      await applyPlan(
        w.admin,
        {
          date: DAY,
          visits: [
            {
              id: other.visits.south,
              start: `${DAY}T06:00`,
              end: `${DAY}T07:00`,
              windowEnd: `${DAY}T06:00`,
              employeeId: other.otherTechId,
              scope: 0,
            },
          ],
        },
        TZ,
      ),
    ).toBeNull();
  });

  it("saves a plan whole or not at all: a visit refused halfway leaves the ones before it unmoved", async () => {
    const w = await routingWorld();
    const other = await routingWorld();
    const visit = (id: number, employeeId: number) => ({
      id,
      start: `${DAY}T06:00`,
      end: `${DAY}T07:00`,
      windowEnd: `${DAY}T06:00`,
      employeeId,
      scope: 0,
    });
    // The second visit goes to another company's technician: the jobs model refuses it.
    await expect(
      applyPlan(
        w.admin,
        { date: DAY, visits: [visit(w.visits.south, w.techId), visit(w.visits.eastEarly, other.techId)] },
        TZ,
      ),
    ).rejects.toThrow();
    expect(wallAt((await jobTimes(w.visits.south)).startTime!)).not.toBe(`${DAY}T06:00`);
    expect(wallAt((await jobTimes(w.visits.eastEarly)).startTime!)).toBe(`${DAY}T09:00`);
  });

  it("refuses malformed times with 400", async () => {
    const w = await routingWorld();
    const res = await submit(action, "/routing", w.cookie, {
      intent: "apply",
      date: DAY,
      "visits[0].id": String(w.visits.south),
      "visits[0].start": "tomorrow",
      "visits[0].end": `${DAY}T12:00`,
      "visits[0].windowEnd": `${DAY}T12:00`,
      "visits[0].employeeId": String(w.otherTechId),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "visits.0.start": "Start must be a date and time (YYYY-MM-DDTHH:mm)" });
  });
});
