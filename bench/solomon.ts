// `npx tsx bench/solomon.ts`: the route optimisation engine on Solomon's 100-customer VRPTW instances, under the
// hierarchical objective (fewest vehicles, then distance), against the published best-known solutions.
// SOLOMON_MS sets the budget per instance (default 8000 ms). Prints a table, then the average gap as its last line.
import { checkVrptw, solveVrptw } from "../app/services/routing/vrptw";
import { readSolomon, SOLOMON_BEST, SOLOMON_INSTANCES } from "../tests/fixtures/solomon/solomon";

const budget = Number(process.env.SOLOMON_MS || 8000);
const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`Solomon VRPTW, ${budget} ms per instance, seed 1`);
console.log(
  ["instance", "vehicles", "best", "distance", "best", "gap", "seconds", "feasible"]
    .map((h, i) => (i ? pad(h, 9) : h.padEnd(9)))
    .join(" "),
);
const gaps: number[] = [];
let failures = 0;
let atBestFleet = 0;
for (const name of SOLOMON_INSTANCES) {
  const problem = { ...readSolomon(name), timeLimitMs: budget, seed: 1 };
  const began = performance.now();
  const solution = solveVrptw(problem);
  const seconds = (performance.now() - began) / 1000;
  const violations = checkVrptw(problem, solution);
  const complete = violations.length === 0 && solution.unassigned.length === 0;
  if (!complete) failures++;
  const best = SOLOMON_BEST[name];
  const gap = Math.round((solution.distance / best.distance - 1) * 10000) / 100 || 0;
  gaps.push(gap);
  if (solution.vehicles === best.vehicles) atBestFleet++;
  console.log(
    [
      name.toUpperCase().padEnd(9),
      pad(solution.vehicles, 9),
      pad(best.vehicles, 9),
      pad(solution.distance.toFixed(2), 9),
      pad(best.distance.toFixed(2), 9),
      pad(`${gap.toFixed(2)}%`, 9),
      pad(seconds.toFixed(1), 9),
      pad(complete ? "yes" : `NO (${solution.unassigned.length} unassigned, ${violations.length} violations)`, 9),
    ].join(" "),
  );
}
const average = gaps.reduce((a, b) => a + b, 0) / gaps.length;
console.log(
  `Solomon VRPTW: average distance gap ${average.toFixed(2)}% to the best known (goal < 5%), ` +
    `${atBestFleet} of ${gaps.length} with the best-known number of vehicles, ` +
    `${failures ? `${failures} instances INFEASIBLE` : "every route feasible"}`,
);
if (failures) process.exitCode = 1;
