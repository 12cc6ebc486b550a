import type { VrptwProblem, VrptwRoute, VrptwSolution } from "~/services/routing/vrptw";

const TIMEOUT_MS = 30_000;
/** Fewest technicians first: a vehicle's fixed cost outweighs any day's driving (in seconds). */
const VEHICLE_FIXED_COST = 10_000_000;

type VroomStep = { type: string; id?: number; job?: number; arrival?: number; waiting_time?: number };
type VroomAnswer = {
  code?: number;
  error?: string;
  routes?: { vehicle: number; steps?: VroomStep[]; distance?: number }[];
  unassigned?: { id: number }[];
};

const seconds = (minutes: number) => Math.round(minutes * 60);

/**
 * The body vroom-express takes (docs: VROOM-Project/vroom docs/API.md): our own matrix (seconds,
 * metres) by location index, one job per stop and one vehicle per technician. Ids are indexes
 * plus one. A stop limited to some technicians gets a skill of its own that only they have.
 */
export function vroomRequest(problem: VrptwProblem) {
  const skillsOf = new Map<number, number[]>();
  problem.stops.forEach((stop, i) => {
    for (const v of stop.allowedVehicles ?? []) skillsOf.set(v, [...(skillsOf.get(v) ?? []), i + 1]);
  });
  const restricted = problem.stops.some((s) => s.allowedVehicles);
  const matrix: { durations: number[][]; distances?: number[][] } = {
    durations: problem.travel.map((row) => row.map(seconds)),
  };
  if (problem.distance) matrix.distances = problem.distance.map((row) => row.map((m) => Math.round(m)));
  return {
    vehicles: problem.vehicles.map((vehicle, v) => ({
      id: v + 1,
      profile: "car",
      start_index: vehicle.start,
      end_index: vehicle.end,
      capacity: [vehicle.capacity],
      time_window: [seconds(vehicle.shift[0]), seconds(vehicle.shift[1])],
      ...(restricted ? { skills: skillsOf.get(v) ?? [] } : {}),
      ...(problem.objective === "vehicles-then-distance" ? { costs: { fixed: VEHICLE_FIXED_COST } } : {}),
    })),
    jobs: problem.stops.map((stop, i) => ({
      id: i + 1,
      location_index: stop.node,
      service: seconds(stop.service),
      delivery: [stop.demand],
      time_windows: stop.windows.map(([a, b]) => [seconds(a), seconds(b)]),
      ...(stop.allowedVehicles ? { skills: [i + 1] } : {}),
    })),
    matrices: { car: matrix },
  };
}

/** A route's length on the problem's own matrix (distance when given, else drive time). */
export function routeLength(problem: VrptwProblem, vehicle: number, stops: readonly number[]): number {
  const matrix = problem.distance ?? problem.travel;
  const nodes = [
    problem.vehicles[vehicle].start,
    ...stops.map((s) => problem.stops[s].node),
    problem.vehicles[vehicle].end,
  ];
  let total = 0;
  for (let i = 1; i < nodes.length; i++) total += matrix[nodes[i - 1]][nodes[i]];
  return total;
}

/** VROOM's answer back into the embedded solver's shape (minutes, indexes). */
export function vroomSolution(problem: VrptwProblem, answer: VroomAnswer): VrptwSolution {
  const routes: VrptwRoute[] = [];
  for (const route of answer.routes ?? []) {
    const vehicle = route.vehicle - 1;
    const steps = route.steps ?? [];
    const jobs = steps.filter((s) => s.type === "job");
    if (!problem.vehicles[vehicle] || jobs.length === 0) continue;
    const stops = jobs.map((s) => (s.id ?? s.job ?? 0) - 1);
    const start = steps.find((s) => s.type === "start");
    const end = steps.find((s) => s.type === "end");
    routes.push({
      vehicle,
      stops,
      starts: jobs.map((s) => ((s.arrival ?? 0) + (s.waiting_time ?? 0)) / 60),
      departure: (start?.arrival ?? 0) / 60,
      returnAt: (end?.arrival ?? 0) / 60,
      distance: routeLength(problem, vehicle, stops),
    });
  }
  routes.sort((a, b) => a.vehicle - b.vehicle);
  return {
    routes,
    unassigned: (answer.unassigned ?? []).map((u) => u.id - 1).sort((a, b) => a - b),
    distance: routes.reduce((sum, r) => sum + r.distance, 0),
    vehicles: routes.length,
  };
}

/** POST the problem to vroom-express and read the routes; an error answer is an error. */
export async function solveWithVroom(
  problem: VrptwProblem,
  options: { url: string; fetchImpl?: typeof fetch },
): Promise<VrptwSolution> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const response = await fetchImpl(options.url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(vroomRequest(problem)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as VroomAnswer;
  if (!response.ok || answer.code !== 0)
    throw new Error(
      `VROOM answered ${answer.code ?? `HTTP ${response.status}`}${answer.error ? `: ${answer.error}` : ""}`,
    );
  return vroomSolution(problem, answer);
}
