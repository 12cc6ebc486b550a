import { describe, expect, it } from "vitest";
import { checkVrptw, solveVrptw } from "~/services/routing/vrptw";
import { readSolomon, SOLOMON_BEST, SOLOMON_INSTANCES } from "../../fixtures/solomon/solomon";

// A short, deterministic search: feasibility and completeness here; the quality goal is `npm run bench`.
describe("solveVrptw on Solomon's 100-customer instances", () => {
  it.each(SOLOMON_INSTANCES)("%s: every customer served, every route feasible", (name) => {
    const problem = { ...readSolomon(name), iterationLimit: 400, seed: 1 };
    expect(problem.stops).toHaveLength(100);
    const solution = solveVrptw(problem);
    expect(checkVrptw(problem, solution)).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    expect(solution.routes.flatMap((r) => r.stops).sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
    const best = SOLOMON_BEST[name];
    expect(solution.vehicles).toBeLessThanOrEqual(best.vehicles + 2);
    expect(solution.distance).toBeLessThan(best.distance * 1.2);
  });
});
