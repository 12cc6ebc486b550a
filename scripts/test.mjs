// `npm test`: the lint gate, the unit and integration tests, then the end-to-end suite on the
// production build. Every step runs even when one before it failed; the output ends with each
// step's time, the ten slowest test files and a last line `N passed, N failed` (CI reads it), and
// the exit code is non-zero on any failure. A lint or format failure, or a suite that could not
// start, counts as one failed.
// TEST_STEPS=lint,unit runs only the steps named (lint, format, unit, e2e); arguments go to vitest
// as file filters: `TEST_STEPS=unit npm test -- tests/unit/money`.
import { spawnSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { countResults, fileDurations, printSlowest, readReport, seconds } from "./test-report.mjs";

const steps = [
  { id: "lint", name: "lint (eslint)", args: ["eslint", ".", "--cache", "--cache-location", ".cache/eslint/"] },
  {
    id: "format",
    name: "format (prettier)",
    args: ["prettier", "--check", "."],
  },
  { id: "unit", name: "unit and integration", args: ["vitest", "run"], report: "unit" },
  { id: "e2e", name: "end-to-end", args: ["vitest", "run", "-c", "vitest.e2e.config.ts"], report: "e2e" },
];
const filters = process.argv.slice(2);
const only = process.env.TEST_STEPS?.split(",").map((id) => id.trim());
mkdirSync(".cache", { recursive: true });

let passed = 0;
let failed = 0;
const stepTimes = [];
const files = [];
for (const step of steps) {
  if (only && !only.includes(step.id)) continue;
  console.log(`\n=== ${step.name} ===`);
  // Each run writes its own report, so runs side by side in one tree do not read each other's;
  // the last one is then kept as .cache/test-report-<suite>.json.
  const ownReport = step.report && `.cache/test-report-${step.report}-${process.pid}.json`;
  const ownTimes = step.report && `.cache/test-times-${step.report}-${process.pid}.json`;
  const reporters = ["default", "json", "./scripts/file-times-reporter.mjs"].map((name) => `--reporter=${name}`);
  const vitestArgs = step.report ? [...filters, ...reporters, `--outputFile.json=${ownReport}`] : [];
  const started = performance.now();
  const run = spawnSync("npx", [...step.args, ...vitestArgs], {
    stdio: "inherit",
    env: ownTimes ? { ...process.env, TEST_FILE_TIMES: ownTimes } : process.env,
  });
  const ms = performance.now() - started;
  if (!ownReport) {
    stepTimes.push({ name: step.name, text: `${seconds(ms)}${run.status === 0 ? "" : "  FAILED"}` });
    if (run.status !== 0) failed += 1;
    continue;
  }
  const report = readReport(ownReport);
  if (!report) {
    // The suite did not get as far as running tests (a broken build, a failing global setup).
    console.log(`${step.name}: did not run (exit ${run.status})`);
    rmSync(ownTimes, { force: true });
    stepTimes.push({ name: step.name, text: `${seconds(ms)}  did not run` });
    failed += 1;
    continue;
  }
  renameSync(ownReport, `.cache/test-report-${step.report}.json`);
  const counts = countResults(report);
  passed += counts.passed;
  failed += counts.failed;
  if (run.status !== 0 && counts.failed === 0) failed += 1;
  stepTimes.push({ name: step.name, text: `${seconds(ms)}  ${counts.passed} passed, ${counts.failed} failed` });
  const fileTimes = readReport(ownTimes);
  rmSync(ownTimes, { force: true });
  files.push(...fileDurations(fileTimes ?? report, step.name));
}

console.log("\n=== time of each step ===");
for (const { name, text } of stepTimes) console.log(`${name.padEnd(22)} ${text}`);
if (files.length) printSlowest(files);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
