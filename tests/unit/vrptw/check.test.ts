import { describe, expect, it } from "vitest";
import { checkVrptw, type VrptwProblem, type VrptwSolution } from "~/services/routing/vrptw";

// depot 0, stops at 10 and 20 on a line
const problem: VrptwProblem = {
  travel: [
    [0, 10, 20],
    [10, 0, 10],
    [20, 10, 0],
  ],
  stops: [
    { node: 1, demand: 4, service: 5, windows: [[10, 30]] },
    {
      node: 2,
      demand: 4,
      service: 5,
      windows: [
        [0, 10],
        [40, 50],
      ],
      allowedVehicles: [0],
    },
  ],
  vehicles: [
    { start: 0, end: 0, capacity: 10, shift: [0, 100] },
    { start: 0, end: 0, capacity: 5, shift: [0, 100] },
  ],
};
const good: VrptwSolution = {
  routes: [{ vehicle: 0, stops: [0, 1], starts: [10, 40], departure: 0, returnAt: 65, distance: 40 }],
  unassigned: [],
  distance: 40,
  vehicles: 1,
};
const withRoute = (route: Partial<VrptwSolution["routes"][number]>, rest: Partial<VrptwSolution> = {}) => ({
  ...good,
  routes: [{ ...good.routes[0], ...route }],
  ...rest,
});

describe("checkVrptw", () => {
  it("accepts a feasible solution", () => {
    expect(checkVrptw(problem, good)).toEqual([]);
  });

  it("reports starts before arrival and outside the windows", () => {
    expect(checkVrptw(problem, withRoute({ starts: [5, 35] }))).toEqual([
      "vehicle 0: stop 0 starts at 5, before the arrival at 10",
      "vehicle 0: stop 0 starts at 5, outside its windows",
      "vehicle 0: stop 1 starts at 35, outside its windows",
    ]);
  });

  it("reports capacity, allowed vehicles and the shift", () => {
    expect(checkVrptw(problem, withRoute({ vehicle: 1, departure: 50, starts: [60, 75], returnAt: 100 }))).toEqual([
      "vehicle 1: stop 0 starts at 60, outside its windows",
      "vehicle 1: stop 1 starts at 75, outside its windows",
      "vehicle 1: stop 1 is not allowed on this vehicle",
      "vehicle 1 carries 8, over its capacity of 5",
    ]);
    expect(checkVrptw(problem, withRoute({ returnAt: 101 }))).toEqual([
      "vehicle 0 is back at 101, after its shift ends at 100",
    ]);
    expect(checkVrptw(problem, withRoute({ departure: -1 }))).toEqual([
      "vehicle 0 leaves at -1, before its shift starts at 0",
    ]);
  });

  it("reports stops served twice or not at all, and wrong totals", () => {
    expect(checkVrptw(problem, withRoute({}, { unassigned: [1] }))).toEqual([
      "stop 1 appears twice (vehicle 0 and unassigned)",
    ]);
    expect(checkVrptw(problem, { routes: [], unassigned: [0], distance: 0, vehicles: 0 })).toEqual([
      "stop 1 is neither served nor unassigned",
    ]);
    expect(checkVrptw(problem, withRoute({ distance: 30 }, { distance: 30, vehicles: 2 }))).toEqual([
      "vehicle 0: distance 30, recomputed 40",
      "total distance 30, recomputed 40",
      "vehicles 2, but 1 routes",
    ]);
  });
});
