import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { companies, customers, jobEmployees, jobs, users } from "~/db/schema";
import { defaultWorkingSchedule, type WorkingDay } from "~/models/company/company.schema";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { PLAN_VISITS_MAX, RoutingPriority } from "~/models/routing/routing.schema";
import { getRoutingSettings } from "~/models/routing/routing-settings.server";
import { addDays, joinWall, wallMinutesBetween } from "~/models/schedule/schedule";
import { midnightIn, wallClock } from "~/models/schedule/schedule.server";
import { maps } from "~/services/maps.server";
import { routingEngine, travelSource } from "~/services/routing/engine.server";
import type { Point } from "~/services/routing/travel.server";
import { checkVrptw, type VrptwProblem } from "~/services/routing/vrptw";

export type PlanPlace = { label: string; address: string; geo: Point | null };

/** A visit in a technician's current day, as the schedule has it. */
export type CurrentStop = { visitId: number; title: string; start: string; end: string; driveMinutes: number };

/** A visit in the proposed route: wall-clock 'YYYY-MM-DDTHH:mm' times in the company's zone. */
export type RouteStop = {
  visitId: number;
  title: string;
  address: string;
  geo: Point;
  isRecurring: boolean;
  arrival: string;
  start: string;
  end: string;
  /** The last arrival time the customer was promised (start + arrival window, as scheduled). */
  windowEnd: string;
  driveMinutes: number;
  /** The times or the technician differ from the schedule. */
  changed: boolean;
  /** The technician it has now (null: nobody), when the plan gives it to another. */
  fromEmployeeId: number | null;
};

export type TechnicianRoute = {
  employeeId: number;
  name: string;
  current: { stops: CurrentStop[]; driveMinutes: number };
  proposed: { stops: RouteStop[]; driveMinutes: number; leave: string | null; back: string | null };
};

export type SkippedVisit = { visitId: number; title: string; start: string; reason: string };

export type DayPlan = {
  date: string;
  reassign: boolean;
  engine: string;
  travel: string;
  start: PlanPlace;
  end: PlanPlace;
  technicians: TechnicianRoute[];
  skipped: SkippedVisit[];
  driveMinutesBefore: number;
  driveMinutesAfter: number;
  changedCount: number;
};

type DayVisit = {
  id: number;
  title: string;
  address: string;
  geo: Point | null;
  start: string;
  end: string;
  isAllDay: boolean;
  status: number;
  isRecurring: boolean;
  arrivalWindowOffset: number;
  employeeIds: number[];
};

const ROUTABLE_STATUSES: readonly number[] = [JobStatus.Scheduled, JobStatus.Prescheduled];
const UNDER_WAY: readonly number[] = [JobStatus.OnMyWay, JobStatus.Started];
const customerName = sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`;

/** The day's visits of the company (not cancelled), with their technicians, wall clock in the zone. */
async function dayVisits(ctx: CallerContext, date: string, timezone: string): Promise<DayVisit[]> {
  const from = midnightIn(date, timezone);
  const to = midnightIn(addDays(date, 1), timezone);
  const rows = await db
    .select({
      id: jobs.id,
      name: jobs.name,
      customerName,
      location: jobs.location,
      unitNumber: jobs.unitNumber,
      geoData: jobs.geoData,
      startTime: jobs.startTime,
      endTime: jobs.endTime,
      isAllDay: jobs.isAllDay,
      status: jobs.status,
      seriesId: jobs.seriesId,
      arrivalWindowOffset: jobs.arrivalWindowOffset,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.companyId, ctx.companyId),
        gte(jobs.startTime, from),
        lt(jobs.startTime, to),
        ne(jobs.status, JobStatus.Cancelled),
      ),
    )
    .orderBy(asc(jobs.startTime), asc(jobs.id))
    .limit(PLAN_VISITS_MAX);
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ jobId: jobEmployees.jobId, userId: jobEmployees.userId })
        .from(jobEmployees)
        .where(and(eq(jobEmployees.companyId, ctx.companyId), inArray(jobEmployees.jobId, ids)))
        .orderBy(asc(jobEmployees.userId))
    : [];
  const toWall = wallClock(timezone, from, to);
  return rows.map((r) => ({
    id: r.id,
    title: r.name || r.customerName,
    address: [r.location, r.unitNumber ? `Unit ${r.unitNumber}` : null].filter(Boolean).join(", "),
    geo: r.geoData ? { latitude: r.geoData.latitude, longitude: r.geoData.longitude } : null,
    start: toWall(r.startTime!.getTime()),
    end: toWall((r.endTime ?? r.startTime!).getTime()),
    isAllDay: r.isAllDay,
    status: r.status,
    isRecurring: r.seriesId !== null,
    arrivalWindowOffset: r.arrivalWindowOffset,
    employeeIds: links.filter((l) => l.jobId === r.id).map((l) => l.userId),
  }));
}

/** Geocodes what has no coordinates yet, each distinct address once. */
async function locate(addresses: string[]): Promise<Map<string, Point | null>> {
  const found = new Map<string, Point | null>();
  for (const address of new Set(addresses)) {
    const geo = await maps().geocode(address);
    found.set(address, geo ? { latitude: geo.latitude, longitude: geo.longitude } : null);
  }
  return found;
}

/** Why a visit of the day is left out of the plan before solving; null when it can be routed. */
function skipReason(visit: DayVisit, reassign: boolean): string | null {
  if (visit.isAllDay) return "All-day visit";
  if (UNDER_WAY.includes(visit.status)) return "Already under way";
  if (!ROUTABLE_STATUSES.includes(visit.status)) return "Already finished";
  if (visit.employeeIds.length > 1) return "Assigned to more than one technician";
  if (visit.employeeIds.length === 0 && !reassign) return "No technician assigned";
  if (!visit.address) return "No address";
  if (!visit.geo) return "Address not found on the map";
  return null;
}

const workingDayOf = (schedule: WorkingDay[] | null, date: string): WorkingDay => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (schedule ?? defaultWorkingSchedule()).find((d) => d.day === weekday) ?? defaultWorkingSchedule()[weekday];
};
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Plans one day's routes: the company's scheduled visits with coordinates become stops (their
 * arrival window, or the fixed start, is the time window; their length the service time), each
 * technician of the day a vehicle working the company's hours from the start address to the end
 * address. Without `reassign` a visit stays with its technician. Nothing is saved.
 */
export async function planDay(ctx: CallerContext, date: string, options: { reassign: boolean }): Promise<DayPlan> {
  const { reassign } = options;
  const [[company], settings] = await Promise.all([
    db
      .select({
        timezone: companies.timezone,
        location: companies.location,
        geoData: companies.geoData,
        workingSchedule: companies.workingSchedule,
      })
      .from(companies)
      .where(eq(companies.id, ctx.companyId)),
    getRoutingSettings(ctx),
  ]);
  const timezone = company.timezone;
  const visits = await dayVisits(ctx, date, timezone);

  const missing = visits.filter((v) => !v.geo && v.address && !v.isAllDay).map((v) => v.address);
  const startAddress = settings.startAddress ?? company.location ?? "";
  const endAddress = settings.endAddress ?? startAddress;
  const depotGeo = (address: string, stored: Point | null | undefined) => (address ? (stored ?? undefined) : null);
  let startGeo = depotGeo(startAddress, settings.startAddress ? settings.startGeoData : company.geoData);
  let endGeo = settings.endAddress ? depotGeo(endAddress, settings.endGeoData) : startGeo;
  if (startGeo === undefined) missing.push(startAddress);
  if (endGeo === undefined) missing.push(endAddress);
  const found = await locate(missing);
  for (const visit of visits) if (!visit.geo && visit.address) visit.geo = found.get(visit.address) ?? null;
  if (startGeo === undefined) startGeo = found.get(startAddress) ?? null;
  if (endGeo === undefined) endGeo = found.get(endAddress) ?? null;

  const skipped: SkippedVisit[] = [];
  const routable: Array<DayVisit & { geo: Point }> = [];
  for (const visit of visits) {
    const reason = skipReason(visit, reassign);
    if (reason) skipped.push({ visitId: visit.id, title: visit.title, start: visit.start, reason });
    else routable.push(visit as DayVisit & { geo: Point });
  }

  const employeeIds = [...new Set(routable.flatMap((v) => v.employeeIds))];
  const people = employeeIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, employeeIds), isNull(users.deletedAt)))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    : [];
  const technicians = people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName ?? ""}`.trim() }));
  const vehicleOf = new Map(technicians.map((t, i) => [t.id, i]));
  // A visit of a technician who left the company cannot be planned for them.
  const stops = routable.filter((v) => {
    if (v.employeeIds.length === 0 || vehicleOf.has(v.employeeIds[0])) return true;
    skipped.push({ visitId: v.id, title: v.title, start: v.start, reason: "Technician no longer works here" });
    return false;
  });

  // Nodes: 0 the start, 1 the end, 2.. the stops. An unknown start or end costs no driving. Whole
  // minutes: the schedule's unit, and exact in VROOM's seconds.
  const known: Point[] = [];
  const indexOf = (geo: Point | null) => (geo ? known.push(geo) - 1 : -1);
  const nodeIndex = [indexOf(startGeo), indexOf(endGeo), ...stops.map((s) => indexOf(s.geo))];
  const source = travelSource();
  const measured = await source.matrix(known);
  const travel = nodeIndex.map((a) => nodeIndex.map((b) => (a < 0 || b < 0 ? 0 : Math.round(measured.travel[a][b]))));

  const day = workingDayOf(company.workingSchedule as WorkingDay[] | null, date);
  const shift: [number, number] = [clockMinutes(day.start), clockMinutes(day.end)];
  const midnight = `${date}T00:00`;
  const minutesOf = (wall: string) => wallMinutesBetween(midnight, wall);
  const problem: VrptwProblem = {
    travel,
    stops: stops.map((s, i) => {
      const start = minutesOf(s.start);
      return {
        node: i + 2,
        demand: 1,
        service: Math.max(0, minutesOf(s.end) - start),
        windows: [[start, start + Math.max(0, s.arrivalWindowOffset)]],
        allowedVehicles: reassign ? undefined : [vehicleOf.get(s.employeeIds[0])!],
      };
    }),
    vehicles: technicians.map(() => ({ start: 0, end: 1, capacity: Math.max(1, stops.length), shift })),
    objective: settings.priority === RoutingPriority.FewestTechnicians ? "vehicles-then-distance" : "distance",
  };
  const engine = routingEngine();
  const solution =
    technicians.length && stops.length
      ? await engine.solve(problem)
      : { routes: [], unassigned: stops.map((_, i) => i), distance: 0, vehicles: 0 };
  const problems = checkVrptw(problem, solution);
  if (problems.length) throw new Error(`The ${engine.name} routing engine answered an invalid plan: ${problems[0]}`);

  const drive = (from: number, to: number) => Math.round(travel[from][to]);
  const wallAt = (minutes: number) => joinWall(date, Math.ceil(minutes - 1e-6));
  const routes: TechnicianRoute[] = technicians.map((t, v) => {
    const mine = stops.map((s, i) => ({ s, i })).filter(({ s }) => s.employeeIds[0] === t.id);
    let at = 0;
    const current = mine.map(({ s, i }) => {
      const minutes = drive(at, i + 2);
      at = i + 2;
      return { visitId: s.id, title: s.title, start: s.start, end: s.end, driveMinutes: minutes };
    });
    const currentDrive = current.reduce((sum, c) => sum + c.driveMinutes, 0) + (mine.length ? drive(at, 1) : 0);
    const route = solution.routes.find((r) => r.vehicle === v);
    let from = 0;
    let clock = 0;
    const proposed: RouteStop[] = (route?.stops ?? []).map((index, k) => {
      const s = stops[index];
      const startMinutes = Math.ceil(route!.starts[k] - 1e-6);
      const legs = drive(from, index + 2);
      const arrival =
        k === 0 ? startMinutes : Math.min(startMinutes, Math.ceil(clock + travel[from][index + 2] - 1e-6));
      clock = startMinutes + problem.stops[index].service;
      from = index + 2;
      const windowEnd = problem.stops[index].windows[0][1];
      const start = wallAt(startMinutes);
      const fromEmployeeId = s.employeeIds[0] ?? null;
      return {
        visitId: s.id,
        title: s.title,
        address: s.address,
        geo: s.geo,
        isRecurring: s.isRecurring,
        arrival: wallAt(arrival),
        start,
        end: wallAt(clock),
        windowEnd: wallAt(Math.max(windowEnd, startMinutes)),
        driveMinutes: legs,
        changed: start !== s.start || fromEmployeeId !== t.id,
        fromEmployeeId: fromEmployeeId === t.id ? null : fromEmployeeId,
      };
    });
    const first = route?.stops[0];
    return {
      employeeId: t.id,
      name: t.name,
      current: { stops: current, driveMinutes: currentDrive },
      proposed: {
        stops: proposed,
        driveMinutes: proposed.reduce((sum, p) => sum + p.driveMinutes, 0) + (proposed.length ? drive(from, 1) : 0),
        leave: first === undefined ? null : wallAt(route!.starts[0] - travel[0][first + 2]),
        back: proposed.length ? wallAt(clock + travel[from][1]) : null,
      },
    };
  });

  for (const index of solution.unassigned) {
    const s = stops[index];
    const [a, b] = problem.stops[index].windows[0];
    const outside = b < shift[0] || a + problem.stops[index].service > shift[1];
    skipped.push({
      visitId: s.id,
      title: s.title,
      start: s.start,
      reason: outside
        ? "Outside working hours"
        : "Does not fit the technician's day (overlaps another visit or too far to drive in time)",
    });
  }
  skipped.sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : x.visitId - y.visitId));

  const place = (label: string, address: string, geo: Point | null | undefined): PlanPlace => ({
    label,
    address,
    geo: geo ?? null,
  });
  return {
    date,
    reassign,
    engine: engine.name,
    travel: source.name,
    start: place("Start", startAddress, startGeo),
    end: place("End", endAddress, endGeo),
    technicians: routes,
    skipped,
    driveMinutesBefore: routes.reduce((sum, r) => sum + r.current.driveMinutes, 0),
    driveMinutesAfter: routes.reduce((sum, r) => sum + r.proposed.driveMinutes, 0),
    changedCount: routes.reduce((sum, r) => sum + r.proposed.stops.filter((s) => s.changed).length, 0),
  };
}
