import { describe, expect, it } from "vitest";
import { checkVrptw, solveVrptw, type VrptwProblem } from "~/services/routing/vrptw";

/** Travel between points on a line: |a - b|. */
const line = (points: number[]) => points.map((a) => points.map((b) => Math.abs(a - b)));
const euclid = (points: [number, number][]) =>
  points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1 - x2, y1 - y2)));
const open: [number, number][] = [[0, 1000]];
const stop = (node: number, extra: Partial<VrptwProblem["stops"][number]> = {}) => ({
  node,
  demand: 1,
  service: 0,
  windows: open,
  ...extra,
});
const vehicle = (extra: Partial<VrptwProblem["vehicles"][number]> = {}) => ({
  start: 0,
  end: 0,
  capacity: 100,
  shift: [0, 1000] as [number, number],
  ...extra,
});
const solve = (problem: VrptwProblem) => {
  const solution = solveVrptw({ iterationLimit: 200, seed: 7, ...problem });
  expect(checkVrptw(problem, solution)).toEqual([]);
  return solution;
};

describe("solveVrptw on small problems with known optima", () => {
  it("visits stops along a line in order and back", () => {
    const solution = solve({
      travel: line([0, 3, 1, 2]),
      stops: [stop(1), stop(2), stop(3)],
      vehicles: [vehicle()],
    });
    expect(solution.vehicles).toBe(1);
    expect(solution.distance).toBe(6);
    expect(solution.unassigned).toEqual([]);
    const [route] = solution.routes;
    expect(route.vehicle).toBe(0);
    // the reverse order is as short: either is optimal
    expect([JSON.stringify([1, 2, 0]), JSON.stringify([0, 2, 1])]).toContain(JSON.stringify(route.stops));
    expect(route.distance).toBe(6);
  });

  it("waits for a window and leaves as late as the first stop allows", () => {
    const solution = solve({
      travel: line([0, 10, 15]),
      stops: [stop(1, { windows: [[50, 60]], service: 5 }), stop(2, { windows: [[70, 100]], service: 2 })],
      vehicles: [vehicle()],
    });
    expect(solution.routes).toEqual([
      { vehicle: 0, stops: [0, 1], starts: [50, 70], departure: 40, returnAt: 87, distance: 30 },
    ]);
  });

  it("follows the windows when they contradict the shortest order", () => {
    const solution = solve({
      travel: line([0, 1, 2]),
      stops: [stop(1, { windows: [[20, 30]] }), stop(2, { windows: [[0, 5]] })],
      vehicles: [vehicle()],
    });
    expect(solution.routes).toEqual([
      { vehicle: 0, stops: [1, 0], starts: [2, 20], departure: 0, returnAt: 21, distance: 4 },
    ]);
  });

  it("picks the window that fits among several", () => {
    const solution = solve({
      travel: line([0, 10]),
      stops: [
        stop(1, {
          windows: [
            [0, 5],
            [30, 40],
            [80, 90],
          ],
        }),
      ],
      vehicles: [vehicle({ shift: [15, 1000] })],
    });
    expect(solution.routes).toEqual([
      { vehicle: 0, stops: [0], starts: [30], departure: 20, returnAt: 40, distance: 20 },
    ]);
  });

  it("leaves out only the stops no vehicle can serve", () => {
    const solution = solve({
      travel: line([0, 10, 2, 3]),
      stops: [
        stop(1, { windows: [[0, 5]] }),
        stop(2),
        stop(3, { demand: 101 }),
        stop(3, { allowedVehicles: [] }),
        stop(3),
      ],
      vehicles: [vehicle()],
    });
    expect(solution.unassigned).toEqual([0, 2, 3]);
    expect(solution.routes.map((r) => r.stops.slice().sort())).toEqual([[1, 4]]);
    expect(solution.distance).toBe(6);
  });

  it("serves a stop only with an allowed vehicle", () => {
    // vehicle 0 sits next to the stop, vehicle 1 is far away but the only one allowed
    const solution = solve({
      travel: line([0, 100, 1]),
      stops: [stop(2, { allowedVehicles: [1] })],
      vehicles: [vehicle(), vehicle({ start: 1, end: 1 })],
    });
    expect(solution.routes.map((r) => [r.vehicle, r.stops, r.distance])).toEqual([[1, [0], 198]]);
  });

  it("uses different start and end depots", () => {
    const solution = solve({
      travel: line([0, 2, 1, 3]),
      stops: [stop(1), stop(2)],
      vehicles: [vehicle({ start: 0, end: 3 })],
    });
    expect(solution.routes).toEqual([
      { vehicle: 0, stops: [1, 0], starts: [1, 2], departure: 0, returnAt: 3, distance: 3 },
    ]);
  });

  it("splits the stops when the capacity is reached", () => {
    const travel = euclid([
      [0, 0],
      [10, 0],
      [11, 0],
      [-10, 0],
      [-11, 0],
    ]);
    const problem: VrptwProblem = {
      travel,
      stops: [1, 2, 3, 4].map((node) => stop(node, { demand: 5 })),
      vehicles: [vehicle({ capacity: 10 }), vehicle({ capacity: 10 }), vehicle({ capacity: 10 })],
      objective: "vehicles-then-distance",
    };
    const solution = solve(problem);
    expect(solution.vehicles).toBe(2);
    expect(solution.distance).toBe(44);
    expect(solution.routes.map((r) => r.stops.slice().sort()).sort()).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it("keeps to each vehicle's shift", () => {
    const solution = solve({
      travel: line([0, 50]),
      stops: [stop(1)],
      vehicles: [vehicle({ shift: [0, 60] }), vehicle({ shift: [0, 200] })],
    });
    expect(solution.routes.map((r) => [r.vehicle, r.returnAt])).toEqual([[1, 100]]);
  });

  it("trades distance for fewer vehicles only under the hierarchical objective", () => {
    // travel allows one route; its distance matrix makes the shared route long
    const base: VrptwProblem = {
      travel: line([0, 1, 1]),
      distance: [
        [0, 2, 2],
        [2, 0, 100],
        [2, 100, 0],
      ],
      stops: [stop(1), stop(2)],
      vehicles: [vehicle(), vehicle()],
    };
    const byDistance = solve({ ...base, objective: "distance" });
    expect([byDistance.vehicles, byDistance.distance]).toEqual([2, 8]);
    const byVehicles = solve({ ...base, objective: "vehicles-then-distance" });
    expect([byVehicles.vehicles, byVehicles.distance]).toEqual([1, 104]);
  });

  it("gives the same answer for the same seed and iteration limit", () => {
    const points: [number, number][] = Array.from({ length: 30 }, (_, i) => [(i * 37) % 23, (i * 53) % 29]);
    const problem: VrptwProblem = {
      travel: euclid(points),
      stops: points
        .slice(1)
        .map((_, i) => stop(i + 1, { demand: 1 + (i % 4), windows: [[(i * 7) % 60, 200 + (i % 5) * 40]] })),
      vehicles: [
        vehicle({ capacity: 15 }),
        vehicle({ capacity: 15 }),
        vehicle({ capacity: 15 }),
        vehicle({ capacity: 15 }),
      ],
      objective: "vehicles-then-distance",
      iterationLimit: 300,
      seed: 3,
    };
    const first = solveVrptw(problem);
    expect(checkVrptw(problem, first)).toEqual([]);
    expect(solveVrptw(problem)).toEqual(first);
  });

  it("answers an empty problem", () => {
    expect(solveVrptw({ travel: [[0]], stops: [], vehicles: [vehicle()] })).toEqual({
      routes: [],
      unassigned: [],
      distance: 0,
      vehicles: 0,
    });
  });
});

describe("solveVrptw with travel times that break the triangle inequality", () => {
  it("keeps every route feasible when a shortcut is slower than a detour", () => {
    // 0 -> 1 -> 2 takes 2, 0 -> 2 directly takes 50: removing stop 1 would make stop 2 late
    const travel = [
      [0, 1, 50, 1],
      [1, 0, 1, 1],
      [50, 1, 0, 1],
      [1, 1, 1, 0],
    ];
    const problem: VrptwProblem = {
      travel,
      stops: [stop(1), stop(2, { windows: [[0, 10]] }), stop(3)],
      vehicles: [vehicle()],
      iterationLimit: 300,
      seed: 5,
    };
    const solution = solveVrptw(problem);
    expect(checkVrptw(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
  });
});
