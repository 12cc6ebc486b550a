// `npm test`: unit and integration tests, then the end-to-end suite on the production build.
// Both always run; the last line sums them, and the exit code is non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const suites = [
  { name: "unit and integration", args: ["vitest", "run"], report: ".cache/test-report-unit.json" },
  { name: "end-to-end", args: ["vitest", "run", "-c", "vitest.e2e.config.ts"], report: ".cache/test-report-e2e.json" },
];
mkdirSync(".cache", { recursive: true });

let passed = 0;
let failed = 0;
for (const suite of suites) {
  rmSync(suite.report, { force: true });
  console.log(`\n=== ${suite.name} ===`);
  const run = spawnSync("npx", [...suite.args, "--reporter=default", "--reporter=json", `--outputFile.json=${suite.report}`], { stdio: "inherit" });
  if (!existsSync(suite.report)) {
    // The suite did not get as far as running tests (a broken build, a failing global setup).
    console.log(`${suite.name}: did not run (exit ${run.status})`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(suite.report, "utf8"));
  passed += report.numPassedTests;
  // A file that fails to load has no tests but counts as a failure.
  const brokenFiles = report.testResults.filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
  failed += report.numFailedTests + brokenFiles;
  if (run.status !== 0 && report.numFailedTests + brokenFiles === 0) failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
