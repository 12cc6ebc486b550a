// `node bench/service-plans.mjs`: the nightly service-plan run over 10,000 active plans of one company,
// all due at once (each with its billing period and its next visit), within a budget of 5 minutes on
// this machine (issue #16). Budgets are printed, never asserted.
//
// Inputs (environment):
//   PLANS_COUNT          active plans due (default 10000)
//   PLANS_BUDGET_S       the time budget in seconds (default 300)
//   BENCH_DATABASE_URL   PostgreSQL admin URL: the run uses a fresh database there (dropped after);
//                        without it, the embedded database (PGlite, in memory) as the app's default.
//
// It seeds from source (bench/service-plans-worker.ts, run with tsx) and prints:
//   service plans: 10000 plans due run in NN s (budget 300 s): 10000 invoices, 10000 visits, 5000 charges
import { benchDatabase, runWorker } from "./lib.mjs";

const COUNT = Number(process.env.PLANS_COUNT || 10_000);
const BUDGET_S = Number(process.env.PLANS_BUDGET_S || 300);
const adminUrl = process.env.BENCH_DATABASE_URL;
const database = await benchDatabase(`fieldwise_bench_plans_${process.pid}`);

try {
  const result = await runWorker("bench/service-plans-worker.ts", { DATABASE_URL: database.url, COUNT: String(COUNT) });
  const seconds = Math.round(result.seconds);
  const missing = result.periods < result.plans || result.visits < result.plans;
  console.log(
    `  (${result.invoices} invoices for ${result.periods} periods, ${result.visits} visit jobs, ${result.charges} charge rows, ` +
      `${result.queued} invoices queued to send; ${adminUrl ? "PostgreSQL" : "embedded database"})`,
  );
  console.log(
    `service plans: ${result.plans} plans due run in ${seconds} s (budget ${BUDGET_S} s): ` +
      `${result.report.invoices} invoices, ${result.report.visits} visits, ${result.charges} charges` +
      (result.invoices !== result.periods ? ` — ${result.invoices - result.periods} DUPLICATE PERIODS` : "") +
      (missing ? " — SOME PLANS NOT BROUGHT UP TO DATE" : "") +
      (seconds > BUDGET_S ? " — OVER BUDGET" : ""),
  );
} finally {
  await database.drop();
}
