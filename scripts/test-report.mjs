// Reads vitest's JSON reports: the counts `npm test` sums, and the time each test file took.
// Also a command for .ci/run: `node scripts/test-report.mjs TIMES.json...` prints the ten slowest
// files of those lists (file-times-reporter.mjs's, or vitest's JSON reports); `--total NPM_TEST.log PG_REPORT.json PG_EXIT` prints `N passed, N failed`
// over the last such line of `npm test`'s output and the PostgreSQL suite.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** Passed and failed tests; a file that fails to load has no tests but counts as one failure. */
export function countResults(report) {
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.length === 0,
  ).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles };
}

/**
 * Each test file with the milliseconds it took: from scripts/file-times-reporter.mjs's list (hooks
 * and import included) when given, else from vitest's JSON report (its tests only).
 */
export function fileDurations(report, suite) {
  if (Array.isArray(report)) return report.map(({ file, ms }) => ({ suite, file, ms }));
  return report.testResults.map((file) => ({
    suite,
    file: path.relative(process.cwd(), file.name),
    ms: Math.max(0, (file.endTime ?? file.startTime) - file.startTime),
  }));
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function printSlowest(files, count = 10) {
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  console.log(`\n=== ${count} slowest test files ===`);
  for (const { suite, file, ms } of slowest) {
    console.log(`${seconds(ms).padStart(9)}  ${file}${suite ? `  (${suite})` : ""}`);
  }
}

function printTotal(log, pgReport, pgExit) {
  const last = readFileSync(log, "utf8")
    .match(/^(\d+) passed, (\d+) failed$/gm)
    ?.at(-1);
  // No line: `npm test` stopped before its end.
  let [passed, failed] = last ? last.match(/\d+/g).map(Number) : [0, 1];
  const report = readReport(pgReport);
  if (report) {
    const counts = countResults(report);
    passed += counts.passed;
    failed += counts.failed || (pgExit && pgExit !== "0" ? 1 : 0);
  } else if (pgExit) {
    failed += 1;
  }
  console.log(`\n${passed} passed, ${failed} failed`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && process.argv[2] === "--total") {
  printTotal(process.argv[3], process.argv[4], process.argv[5]);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = process.argv.slice(2).flatMap((file) => {
    const report = readReport(file);
    if (!report) console.log(`${file}: no report`);
    return report ? fileDurations(report) : [];
  });
  printSlowest(files);
}
