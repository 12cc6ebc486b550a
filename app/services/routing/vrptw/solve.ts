import { createRandom, type Random } from "./random";
import type { VrptwProblem, VrptwRoute, VrptwSolution } from "./types";

// Adaptive large neighbourhood search (Ropke & Pisinger 2006) with a route-elimination phase for the
// hierarchical objective (fewest vehicles first). Insertion feasibility is O(1) per position (times the number of
// windows of the inserted stop) from two arrays per route: the earliest service start of each stop (forward) and
// the latest arrival at each stop that keeps the rest of the route feasible (backward).

type Model = {
  stopCount: number;
  vehicleCount: number;
  travel: number[][];
  distance: number[][];
  node: number[];
  demand: number[];
  service: number[];
  windowStart: number[][];
  windowEnd: number[][];
  /** the end of the last window: arriving later cannot be served */
  lastEnd: number[];
  /** allowed[stop][vehicle], or null when any vehicle may serve the stop */
  allowed: (Uint8Array | null)[];
  start: number[];
  end: number[];
  capacity: number[];
  shiftStart: number[];
  shiftEnd: number[];
  /** vehicles that are the same but for their index: one empty vehicle per kind is tried */
  kind: number[];
  kindCount: number;
  maxDistance: number;
  /** a scale for time differences (Shaw relatedness) */
  horizon: number;
};

type Route = {
  seq: number[];
  /** service start of seq[i] */
  starts: number[];
  /** latest arrival at seq[i] that keeps the rest of the route feasible */
  latest: number[];
  load: number;
  length: number;
};

type State = { routes: Route[]; unassigned: number[] };

const NONE = -1;

function buildModel(problem: VrptwProblem): Model {
  const distance = problem.distance ?? problem.travel;
  const vehicleCount = problem.vehicles.length;
  const kinds = new Map<string, number>();
  const kind = problem.vehicles.map((v) => {
    const key = `${v.start}|${v.end}|${v.capacity}|${v.shift[0]}|${v.shift[1]}`;
    if (!kinds.has(key)) kinds.set(key, kinds.size);
    return kinds.get(key)!;
  });
  let maxDistance = 0;
  for (const row of distance) for (const d of row) if (d > maxDistance) maxDistance = d;
  let horizon = 0;
  for (const v of problem.vehicles) horizon = Math.max(horizon, v.shift[1] - v.shift[0]);
  return {
    stopCount: problem.stops.length,
    vehicleCount,
    travel: problem.travel,
    distance,
    node: problem.stops.map((s) => s.node),
    demand: problem.stops.map((s) => s.demand),
    service: problem.stops.map((s) => s.service),
    windowStart: problem.stops.map((s) => s.windows.map((w) => w[0])),
    windowEnd: problem.stops.map((s) => s.windows.map((w) => w[1])),
    lastEnd: problem.stops.map((s) => (s.windows.length ? s.windows[s.windows.length - 1][1] : -Infinity)),
    allowed: problem.stops.map((s) => {
      if (!s.allowedVehicles) return null;
      const mask = new Uint8Array(vehicleCount);
      for (const v of s.allowedVehicles) if (v >= 0 && v < vehicleCount) mask[v] = 1;
      return mask;
    }),
    start: problem.vehicles.map((v) => v.start),
    end: problem.vehicles.map((v) => v.end),
    capacity: problem.vehicles.map((v) => v.capacity),
    shiftStart: problem.vehicles.map((v) => v.shift[0]),
    shiftEnd: problem.vehicles.map((v) => v.shift[1]),
    kind,
    kindCount: kinds.size,
    maxDistance: maxDistance || 1,
    horizon: horizon > 0 && Number.isFinite(horizon) ? horizon : 1,
  };
}

/** The earliest service start for an arrival at `arrival`, Infinity when every window has closed. */
function startAt(model: Model, stop: number, arrival: number): number {
  const ends = model.windowEnd[stop];
  for (let k = 0; k < ends.length; k++) if (arrival <= ends[k]) return Math.max(arrival, model.windowStart[stop][k]);
  return Infinity;
}

/** The latest arrival whose service can start by `latestStart`, -Infinity when none can. */
function latestArrival(model: Model, stop: number, latestStart: number): number {
  const starts = model.windowStart[stop];
  const ends = model.windowEnd[stop];
  for (let k = starts.length - 1; k >= 0; k--) if (starts[k] <= latestStart) return Math.min(ends[k], latestStart);
  return -Infinity;
}

function emptyRoute(): Route {
  return { seq: [], starts: [], latest: [], load: 0, length: 0 };
}

/** Recomputes a route's schedule, load and length after its sequence changed; false when the schedule fails. */
function refresh(model: Model, vehicle: number, route: Route): boolean {
  const { seq } = route;
  const { travel, distance, node, service } = model;
  let time = model.shiftStart[vehicle];
  let at = model.start[vehicle];
  let load = 0;
  let length = 0;
  route.starts.length = seq.length;
  route.latest.length = seq.length;
  for (let i = 0; i < seq.length; i++) {
    const stop = seq[i];
    const start = startAt(model, stop, time + travel[at][node[stop]]);
    route.starts[i] = start;
    length += distance[at][node[stop]];
    load += model.demand[stop];
    time = start + service[stop];
    at = node[stop];
  }
  length += distance[at][model.end[vehicle]];
  const feasible = time + travel[at][model.end[vehicle]] <= model.shiftEnd[vehicle];
  let latest = model.shiftEnd[vehicle];
  let next = model.end[vehicle];
  for (let i = seq.length - 1; i >= 0; i--) {
    const stop = seq[i];
    latest = latestArrival(model, stop, latest - service[stop] - travel[node[stop]][next]);
    route.latest[i] = latest;
    next = node[stop];
  }
  route.load = load;
  route.length = length;
  return feasible;
}

function cloneState(state: State): State {
  return {
    routes: state.routes.map((r) => ({
      seq: r.seq.slice(),
      starts: r.starts.slice(),
      latest: r.latest.slice(),
      load: r.load,
      length: r.length,
    })),
    unassigned: state.unassigned.slice(),
  };
}

/** Where bestPosition leaves its answer (no tuple per call: it runs millions of times). */
const found = { cost: Infinity, at: NONE };

/** The cheapest feasible position for `stop` in the route of `vehicle` into `found`: added distance and position, or Infinity and NONE. */
function bestPosition(model: Model, vehicle: number, route: Route, stop: number): typeof found {
  found.cost = Infinity;
  found.at = NONE;
  const allowed = model.allowed[stop];
  if (allowed && !allowed[vehicle]) return found;
  if (route.load + model.demand[stop] > model.capacity[vehicle]) return found;
  const { travel, distance, node, service } = model;
  const { seq } = route;
  const u = node[stop];
  const serviceU = service[stop];
  const lastEnd = model.lastEnd[stop];
  let best = Infinity;
  let bestAt = NONE;
  let prev = model.start[vehicle];
  let leave = model.shiftStart[vehicle];
  for (let p = 0; p <= seq.length; p++) {
    if (leave > lastEnd) break;
    const next = p === seq.length ? model.end[vehicle] : node[seq[p]];
    const start = startAt(model, stop, leave + travel[prev][u]);
    if (start !== Infinity) {
      const nextLatest = p === seq.length ? model.shiftEnd[vehicle] : route.latest[p];
      if (start + serviceU + travel[u][next] <= nextLatest) {
        const cost = distance[prev][u] + distance[u][next] - distance[prev][next];
        if (cost < best) {
          best = cost;
          bestAt = p;
        }
      }
    }
    if (p < seq.length) {
      prev = next;
      leave = route.starts[p] + service[seq[p]];
    }
  }
  found.cost = best;
  found.at = bestAt;
  return found;
}

type Settings = {
  /** cost of one more route (the hierarchical objective), 0 for distance only */
  vehicleCost: number;
  unassignedCost: number;
};

function costOf(state: State, settings: Settings) {
  let cost = state.unassigned.length * settings.unassignedCost;
  for (const r of state.routes) if (r.seq.length) cost += r.length + settings.vehicleCost;
  return cost;
}

function lengthOf(state: State) {
  let total = 0;
  for (const r of state.routes) if (r.seq.length) total += r.length;
  return total;
}

function usedRoutes(state: State) {
  let used = 0;
  for (const r of state.routes) if (r.seq.length) used++;
  return used;
}

/**
 * Regret-k insertion of the state's unassigned stops (k = 1 is greedy), with optional noise on the costs. At most
 * `maxRoutes` routes are used; stops that fit nowhere stay unassigned.
 */
function insertAll(
  model: Model,
  state: State,
  settings: Settings,
  k: number,
  noise: number,
  maxRoutes: number,
  random: Random,
) {
  const pending = state.unassigned.slice();
  const m = model.vehicleCount;
  const cost = new Float64Array(pending.length * m);
  const position = new Int32Array(pending.length * m);
  const noiseScale = noise * model.maxDistance;
  const evaluate = (i: number, vehicle: number) => {
    const { cost: c, at } = bestPosition(model, vehicle, state.routes[vehicle], pending[i]);
    const empty = state.routes[vehicle].seq.length === 0;
    let value = c;
    if (c !== Infinity) {
      if (empty) value += settings.vehicleCost;
      if (noiseScale) value = Math.max(0, value + noiseScale * (2 * random.next() - 1));
    }
    cost[i * m + vehicle] = value;
    position[i * m + vehicle] = at;
  };
  let used = usedRoutes(state);
  // Empty vehicles are candidates only while the fleet may grow; the list shrinks when it may not.
  let candidates: number[] = [];
  const listCandidates = () => {
    candidates = [];
    for (let v = 0; v < m; v++) if (state.routes[v].seq.length || used < maxRoutes) candidates.push(v);
  };
  listCandidates();
  for (let i = 0; i < pending.length; i++) for (const v of candidates) evaluate(i, v);
  const alive = pending.map(() => true);
  let left = pending.length;
  const kindSeen = new Int32Array(model.kindCount).fill(-1);
  const top = new Float64Array(Math.max(1, k));
  const remaining: number[] = [];
  while (left > 0) {
    let chosen = -1;
    let chosenVehicle = -1;
    let chosenRegret = -Infinity;
    let chosenCost = Infinity;
    for (let i = 0; i < pending.length; i++) {
      if (!alive[i]) continue;
      top.fill(Infinity);
      let bestVehicle = -1;
      for (const v of candidates) {
        const c = cost[i * m + v];
        if (c === Infinity) continue;
        if (state.routes[v].seq.length === 0) {
          if (used >= maxRoutes) continue;
          // identical empty vehicles count once, or regret would see a twin as the second choice
          const kind = model.kind[v];
          if (kindSeen[kind] === i) continue;
          kindSeen[kind] = i;
        }
        if (c < top[0]) bestVehicle = v;
        if (c < top[k - 1]) {
          let j = k - 1;
          while (j > 0 && top[j - 1] > c) {
            top[j] = top[j - 1];
            j--;
          }
          top[j] = c;
        }
      }
      for (let kind = 0; kind < model.kindCount; kind++) if (kindSeen[kind] === i) kindSeen[kind] = -1;
      if (bestVehicle < 0) continue;
      let regret = 0;
      for (let j = 1; j < k; j++) regret += top[j] === Infinity ? 1e12 : top[j] - top[0];
      if (regret > chosenRegret || (regret === chosenRegret && top[0] < chosenCost)) {
        chosen = i;
        chosenVehicle = bestVehicle;
        chosenRegret = regret;
        chosenCost = top[0];
      }
    }
    if (chosen < 0) break;
    const route = state.routes[chosenVehicle];
    const opened = route.seq.length === 0;
    const at = position[chosen * m + chosenVehicle];
    route.seq.splice(at, 0, pending[chosen]);
    // The backward bounds and the forward schedule round differently: trust the schedule when they disagree.
    if (!refresh(model, chosenVehicle, route)) {
      route.seq.splice(at, 1);
      refresh(model, chosenVehicle, route);
      cost[chosen * m + chosenVehicle] = Infinity;
      continue;
    }
    if (opened && ++used >= maxRoutes) listCandidates();
    alive[chosen] = false;
    left--;
    for (let i = 0; i < pending.length; i++) if (alive[i]) evaluate(i, chosenVehicle);
  }
  for (let i = 0; i < pending.length; i++) if (alive[i]) remaining.push(pending[i]);
  state.unassigned = remaining;
}

/** Takes the given stops out of their routes and adds them to the unassigned ones. */
function removeStops(model: Model, state: State, stops: number[]) {
  const out = new Set(stops);
  const taken = stops.slice();
  state.routes.forEach((route, vehicle) => {
    if (!route.seq.some((s) => out.has(s))) return;
    route.seq = route.seq.filter((s) => !out.has(s));
    // Travel times without the triangle inequality can make a shortcut slower: take out what no longer fits.
    while (!refresh(model, vehicle, route)) {
      const late = route.starts.findIndex((start) => start === Infinity);
      taken.push(route.seq.splice(late < 0 ? route.seq.length - 1 : late, 1)[0]);
    }
  });
  state.unassigned.push(...taken);
}

function assignedStops(state: State): number[] {
  const stops: number[] = [];
  for (const r of state.routes) for (const s of r.seq) stops.push(s);
  return stops;
}

/** Removal heuristics: each returns the stops to take out. */
type Removal = (model: Model, state: State, count: number, random: Random) => number[];

const randomRemoval: Removal = (_model, state, count, random) => {
  const stops = assignedStops(state);
  for (let i = 0; i < Math.min(count, stops.length); i++) {
    const j = random.int(i, stops.length - 1);
    [stops[i], stops[j]] = [stops[j], stops[i]];
  }
  return stops.slice(0, count);
};

/** Stops whose removal saves the most distance, randomised (Ropke & Pisinger's p = 3). */
const worstRemoval: Removal = (model, state, count, random) => {
  const savings: [number, number][] = [];
  state.routes.forEach((route, vehicle) => {
    const { seq } = route;
    for (let i = 0; i < seq.length; i++) {
      const prev = i === 0 ? model.start[vehicle] : model.node[seq[i - 1]];
      const next = i === seq.length - 1 ? model.end[vehicle] : model.node[seq[i + 1]];
      const u = model.node[seq[i]];
      savings.push([model.distance[prev][u] + model.distance[u][next] - model.distance[prev][next], seq[i]]);
    }
  });
  savings.sort((a, b) => b[0] - a[0]);
  const removed: number[] = [];
  while (removed.length < count && savings.length) {
    const index = Math.floor(random.next() ** 3 * savings.length);
    removed.push(savings.splice(index, 1)[0][1]);
  }
  return removed;
};

/** Shaw removal: stops close in place, time and demand to ones already removed. */
const relatedRemoval: Removal = (model, state, count, random) => {
  const stops = assignedStops(state);
  if (!stops.length) return [];
  const startOf = new Map<number, number>();
  for (const r of state.routes) r.seq.forEach((s, i) => startOf.set(s, r.starts[i]));
  let maxDemand = 1;
  for (const s of stops) maxDemand = Math.max(maxDemand, Math.abs(model.demand[s]));
  const removed = [stops[random.int(0, stops.length - 1)]];
  let rest = stops.filter((s) => s !== removed[0]);
  while (removed.length < count && rest.length) {
    const from = removed[random.int(0, removed.length - 1)];
    const relatedness = (s: number) =>
      (9 * model.distance[model.node[from]][model.node[s]]) / model.maxDistance +
      (3 * Math.abs(startOf.get(from)! - startOf.get(s)!)) / model.horizon +
      (2 * Math.abs(model.demand[from] - model.demand[s])) / maxDemand;
    const ranked = rest.map((s) => [relatedness(s), s] as const).sort((a, b) => a[0] - b[0]);
    const pick = ranked[Math.floor(random.next() ** 6 * ranked.length)][1];
    removed.push(pick);
    rest = rest.filter((s) => s !== pick);
  }
  return removed;
};

/** Empties one route, a short one more likely. */
const routeRemoval: Removal = (model, state, count, random) => {
  const used = state.routes.filter((r) => r.seq.length);
  if (!used.length) return [];
  used.sort((a, b) => a.seq.length - b.seq.length);
  const route = used[Math.floor(random.next() ** 2 * used.length)];
  return route.seq.slice();
};

/** Iterations without fewer unassigned stops before another route is tried, and how many tries in a row. */
const ELIMINATION_PATIENCE = 500;
const ELIMINATION_TRIES = 4;
const REMOVALS: Removal[] = [randomRemoval, worstRemoval, relatedRemoval, routeRemoval];
const INSERTIONS: { k: number; noise: number }[] = [
  { k: 1, noise: 0 },
  { k: 1, noise: 0.025 },
  { k: 2, noise: 0 },
  { k: 2, noise: 0.025 },
  { k: 3, noise: 0 },
  { k: 3, noise: 0.025 },
];

/** Roulette-wheel operator choice with weights adapted every segment (Ropke & Pisinger's scores 33, 9, 13). */
function createAdaptive(count: number) {
  const weights = new Array<number>(count).fill(1);
  const scores = new Array<number>(count).fill(0);
  const uses = new Array<number>(count).fill(0);
  return {
    pick(random: Random) {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = random.next() * total;
      for (let i = 0; i < count; i++) {
        r -= weights[i];
        if (r <= 0) return i;
      }
      return count - 1;
    },
    reward(i: number, score: number) {
      scores[i] += score;
      uses[i]++;
    },
    endSegment() {
      for (let i = 0; i < count; i++) {
        if (uses[i]) weights[i] = Math.max(0.05, 0.8 * weights[i] + (0.2 * scores[i]) / uses[i]);
        scores[i] = 0;
        uses[i] = 0;
      }
    },
  };
}

export function solveVrptw(problem: VrptwProblem): VrptwSolution {
  const model = buildModel(problem);
  const random = createRandom(problem.seed ?? 1);
  const began = performance.now();
  const iterationLimit = problem.iterationLimit;
  // With an iteration limit the search is counted in iterations (deterministic); an explicit time limit still caps it.
  const timeLimit = problem.timeLimitMs ?? (iterationLimit === undefined ? 2000 : Infinity);
  let iteration = 0;
  const progress = () =>
    iterationLimit !== undefined ? iteration / Math.max(1, iterationLimit) : (performance.now() - began) / timeLimit;
  const outOfTime = () => performance.now() - began >= timeLimit;
  const done = () => progress() >= 1 || outOfTime();

  const hierarchical = problem.objective === "vehicles-then-distance";
  const settings: Settings = {
    vehicleCost: hierarchical ? 1000 * model.maxDistance * (model.stopCount + 2) : 0,
    unassignedCost: 1e6 * model.maxDistance * (model.stopCount + 2),
  };

  // Stops no vehicle may carry, or whose windows close before any shift starts, never fit: they stay unassigned and
  // out of the search. (A stop a vehicle cannot reach alone may still fit after a faster detour, so that is tried.)
  const never: number[] = [];
  const open: number[] = [];
  for (let stop = 0; stop < model.stopCount; stop++) {
    let fits = false;
    for (let v = 0; v < model.vehicleCount && !fits; v++)
      fits =
        (!model.allowed[stop] || model.allowed[stop]![v] === 1) &&
        model.demand[stop] <= model.capacity[v] &&
        model.lastEnd[stop] >= model.shiftStart[v];
    (fits ? open : never).push(stop);
  }

  let current: State = { routes: problem.vehicles.map(() => emptyRoute()), unassigned: open.slice() };
  insertAll(model, current, settings, 2, 0, model.vehicleCount, random);
  let best = cloneState(current);

  const removalChoice = createAdaptive(REMOVALS.length);
  const insertionChoice = createAdaptive(INSERTIONS.length);
  const maxRemove = Math.max(4, Math.min(30, Math.round(0.3 * open.length)));
  const minRemove = Math.min(4, open.length);

  /** One destroy-and-repair step from `from`; returns the candidate and the operators used. */
  const step = (from: State, maxRoutes: number) => {
    const candidate = cloneState(from);
    const r = removalChoice.pick(random);
    const ins = insertionChoice.pick(random);
    const count = random.int(minRemove, Math.max(minRemove, maxRemove));
    removeStops(model, candidate, REMOVALS[r](model, candidate, count, random));
    insertAll(model, candidate, settings, INSERTIONS[ins].k, INSERTIONS[ins].noise, maxRoutes, random);
    iteration++;
    if (iteration % 100 === 0) {
      removalChoice.endSegment();
      insertionChoice.endSegment();
    }
    return { candidate, r, ins };
  };

  /** Simulated annealing over a phase: from a temperature where 3% more distance passes half the time, cooling 200-fold. */
  const anneal = (phaseStart: number, phaseEnd: number, scale: number) => {
    const t0 = (0.03 * scale) / Math.LN2;
    const fraction = Math.min(1, Math.max(0, (progress() - phaseStart) / Math.max(1e-9, phaseEnd - phaseStart)));
    return t0 * Math.pow(0.005, fraction);
  };

  if (hierarchical && open.length) {
    // Route elimination: empty the shortest route and search with one route fewer until every stop fits again.
    const phaseEnd = 0.5;
    let routes = usedRoutes(best);
    const eliminate = (from: State) => {
      const work = cloneState(from);
      const used = work.routes.map((r, v) => [r.seq.length, v] as const).filter(([n]) => n > 0);
      used.sort((a, b) => a[0] - b[0]);
      const [, vehicle] = used[Math.floor(random.next() ** 2 * used.length)];
      removeStops(model, work, work.routes[vehicle].seq.slice());
      insertAll(model, work, settings, 2, 0, routes - 1, random);
      return work;
    };
    let work = routes > 1 ? eliminate(best) : null;
    let workCost = work ? costOf(work, settings) : 0;
    let stale = 0;
    let failures = 0;
    while (work && progress() < phaseEnd && !outOfTime() && failures < ELIMINATION_TRIES) {
      const { candidate, r, ins } = step(work, routes - 1);
      const cost = costOf(candidate, settings);
      const temperature = anneal(0, phaseEnd, lengthOf(best));
      let score = 0;
      if (candidate.unassigned.length < work.unassigned.length) {
        score = 33;
        stale = 0;
      } else stale++;
      if (cost < workCost || random.next() < Math.exp((workCost - cost) / temperature)) {
        if (!score) score = cost < workCost ? 9 : 13;
        work = candidate;
        workCost = cost;
      }
      removalChoice.reward(r, score);
      insertionChoice.reward(ins, score);
      if (work.unassigned.length <= best.unassigned.length) {
        best = work;
        routes = usedRoutes(best);
        work = routes > 1 ? eliminate(best) : null;
        workCost = work ? costOf(work, settings) : 0;
        stale = 0;
        failures = 0;
      } else if (stale > ELIMINATION_PATIENCE) {
        failures++;
        work = eliminate(best);
        workCost = costOf(work, settings);
        stale = 0;
      }
    }
    current = cloneState(best);
  }

  // Distance: the usual search, never with more routes than the best one has under the hierarchical objective.
  const maxRoutes = hierarchical ? Math.max(1, usedRoutes(best)) : model.vehicleCount;
  const phaseStart = progress();
  let currentCost = costOf(current, settings);
  let bestCost = costOf(best, settings);
  while (!done() && open.length) {
    const { candidate, r, ins } = step(current, maxRoutes);
    const cost = costOf(candidate, settings);
    const temperature = anneal(phaseStart, 1, lengthOf(best));
    let score = 0;
    if (cost < bestCost - 1e-9) {
      best = cloneState(candidate);
      bestCost = cost;
      score = 33;
    }
    if (cost < currentCost || random.next() < Math.exp((currentCost - cost) / temperature)) {
      if (!score) score = cost < currentCost ? 9 : 13;
      current = candidate;
      currentCost = cost;
    }
    removalChoice.reward(r, score);
    insertionChoice.reward(ins, score);
  }

  return toSolution(model, best, never);
}

function toSolution(model: Model, state: State, never: number[]): VrptwSolution {
  const routes: VrptwRoute[] = [];
  state.routes.forEach((route, vehicle) => {
    if (!route.seq.length) return;
    const first = route.seq[0];
    const last = route.seq[route.seq.length - 1];
    const lastStart = route.starts[route.seq.length - 1];
    // Leave as late as the first stop allows, so the driver does not wait there.
    const departure = Math.max(
      model.shiftStart[vehicle],
      route.starts[0] - model.travel[model.start[vehicle]][model.node[first]],
    );
    routes.push({
      vehicle,
      stops: route.seq.slice(),
      starts: route.starts.slice(),
      departure,
      returnAt: lastStart + model.service[last] + model.travel[model.node[last]][model.end[vehicle]],
      distance: route.length,
    });
  });
  return {
    routes,
    unassigned: [...state.unassigned, ...never].sort((a, b) => a - b),
    distance: routes.reduce((sum, r) => sum + r.distance, 0),
    vehicles: routes.length,
  };
}
