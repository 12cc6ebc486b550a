/** A vehicle routing problem with time windows over abstract nodes (indexes into the matrices). */
export type VrptwProblem = {
  /** travel[i][j]: travel time from node i to node j, in the unit of the windows (seconds in the app). */
  travel: number[][];
  /** distance[i][j]: what the objective sums; defaults to travel. */
  distance?: number[][];
  stops: {
    node: number;
    demand: number;
    /** service duration at the stop */
    service: number;
    /** allowed service START windows [earliest, latest], sorted; arrival before earliest waits. */
    windows: [number, number][];
    /** when set, only these vehicles (indexes into vehicles) may serve the stop */
    allowedVehicles?: number[];
  }[];
  vehicles: {
    start: number;
    end: number;
    capacity: number;
    /** leave start >= shift[0], back at end <= shift[1] */
    shift: [number, number];
  }[];
  /** "vehicles-then-distance" (Solomon's hierarchical objective: fewest routes first) or "distance" (default). */
  objective?: "vehicles-then-distance" | "distance";
  /** Wall-clock budget in ms (default 2000); deterministic given seed and iteration count when iterationLimit is set. */
  timeLimitMs?: number;
  iterationLimit?: number;
  seed?: number;
};

export type VrptwRoute = {
  vehicle: number;
  /** indexes into problem.stops, in visiting order */
  stops: number[];
  /** service start time per stop (after waiting), same order */
  starts: number[];
  /** time the vehicle leaves its start and gets back to its end */
  departure: number;
  returnAt: number;
  distance: number;
};

export type VrptwSolution = { routes: VrptwRoute[]; unassigned: number[]; distance: number; vehicles: number };
