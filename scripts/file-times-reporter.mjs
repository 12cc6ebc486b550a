// A vitest reporter that writes each test file's whole time (environment, set-up, import, tests
// and hooks) to the JSON file named by TEST_FILE_TIMES: vitest's JSON report counts only the
// tests, not the hooks (a beforeAll that loads a database is a file's real cost).
import { writeFileSync } from "node:fs";
import path from "node:path";

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    if (!process.env.TEST_FILE_TIMES) return;
    const files = testModules.map((testModule) => {
      const d = testModule.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: path.relative(process.cwd(), testModule.moduleId), ms };
    });
    writeFileSync(process.env.TEST_FILE_TIMES, JSON.stringify(files));
  }
}
