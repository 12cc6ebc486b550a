import type { VrptwProblem, VrptwSolution } from "./types";

// Floating-point travel times (Euclidean distances) add up with rounding error.
const EPS = 1e-6;

/**
 * Independent feasibility check: capacity, windows, shifts, allowed vehicles, each stop at most once; returns the
 * list of violations (empty when feasible). A plain simulation of each route, sharing nothing with the solver.
 */
export function checkVrptw(problem: VrptwProblem, solution: VrptwSolution): string[] {
  const errors: string[] = [];
  const distance = problem.distance ?? problem.travel;
  const seen = new Map<number, string>();
  const usedVehicles = new Set<number>();
  const mark = (stop: number, where: string) => {
    if (!Number.isInteger(stop) || stop < 0 || stop >= problem.stops.length) {
      errors.push(`${where}: stop ${stop} does not exist`);
      return false;
    }
    const before = seen.get(stop);
    if (before) errors.push(`stop ${stop} appears twice (${before} and ${where})`);
    seen.set(stop, where);
    return true;
  };
  let total = 0;
  for (const route of solution.routes) {
    const label = `vehicle ${route.vehicle}`;
    const vehicle = problem.vehicles[route.vehicle];
    if (!vehicle) {
      errors.push(`${label} does not exist`);
      continue;
    }
    if (usedVehicles.has(route.vehicle)) errors.push(`${label} has two routes`);
    usedVehicles.add(route.vehicle);
    if (route.stops.length === 0) errors.push(`${label} has a route with no stops`);
    if (route.starts.length !== route.stops.length)
      errors.push(`${label}: ${route.starts.length} start times for ${route.stops.length} stops`);
    if (route.departure < vehicle.shift[0] - EPS)
      errors.push(`${label} leaves at ${route.departure}, before its shift starts at ${vehicle.shift[0]}`);
    let time = route.departure;
    let at = vehicle.start;
    let load = 0;
    let length = 0;
    route.stops.forEach((stopIndex, i) => {
      if (!mark(stopIndex, label)) return;
      const stop = problem.stops[stopIndex];
      const arrival = time + problem.travel[at][stop.node];
      const start = route.starts[i];
      if (start < arrival - EPS)
        errors.push(`${label}: stop ${stopIndex} starts at ${start}, before the arrival at ${arrival}`);
      if (!stop.windows.some(([earliest, latest]) => start >= earliest - EPS && start <= latest + EPS))
        errors.push(`${label}: stop ${stopIndex} starts at ${start}, outside its windows`);
      if (stop.allowedVehicles && !stop.allowedVehicles.includes(route.vehicle))
        errors.push(`${label}: stop ${stopIndex} is not allowed on this vehicle`);
      load += stop.demand;
      length += distance[at][stop.node];
      time = Math.max(start, arrival) + stop.service;
      at = stop.node;
    });
    if (load > vehicle.capacity + EPS)
      errors.push(`${label} carries ${load}, over its capacity of ${vehicle.capacity}`);
    const back = time + problem.travel[at][vehicle.end];
    length += distance[at][vehicle.end];
    if (route.returnAt < back - EPS)
      errors.push(`${label} returns at ${route.returnAt}, before it can be back at ${back}`);
    if (Math.max(back, route.returnAt) > vehicle.shift[1] + EPS)
      errors.push(`${label} is back at ${Math.max(back, route.returnAt)}, after its shift ends at ${vehicle.shift[1]}`);
    if (Math.abs(length - route.distance) > EPS * Math.max(1, length))
      errors.push(`${label}: distance ${route.distance}, recomputed ${length}`);
    total += length;
  }
  for (const stop of solution.unassigned) mark(stop, "unassigned");
  for (let stop = 0; stop < problem.stops.length; stop++)
    if (!seen.has(stop)) errors.push(`stop ${stop} is neither served nor unassigned`);
  if (Math.abs(total - solution.distance) > EPS * Math.max(1, total))
    errors.push(`total distance ${solution.distance}, recomputed ${total}`);
  if (solution.vehicles !== solution.routes.length)
    errors.push(`vehicles ${solution.vehicles}, but ${solution.routes.length} routes`);
  return errors;
}
