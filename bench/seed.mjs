// Run by bench/run.mjs with the server's environment, before the server starts: boots the built
// app once (migrations, plans, demo company), seeds the benchmark companies through the app's own
// seed functions, and writes what the load runs need (session cookies, a tag id) as JSON.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [outFile, companiesJson] = process.argv.slice(2);
const build = await import(pathToFileURL(path.join(process.env.BUILD_DIR, "server/index.js")).href);
const app = build.entry.module;
await app.boot();
const result = {};
for (const company of JSON.parse(companiesJson)) {
  const started = Date.now();
  const seeded = await app.seedBenchmark(company);
  result[company.key] = {
    ...seeded,
    ms: Date.now() - started,
    cookie: await app.sessionCookieFor({ userId: seeded.adminUserId }),
  };
  console.log(`  ${company.businessName}: ${company.customers} customers, ${company.jobs} jobs, ${company.employees} employees in ${((Date.now() - started) / 1000).toFixed(1)} s (${Object.entries(seeded.timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(", ")})`);
}
result.demoAdminCookie = await app.sessionCookieFor({ email: "admin@fieldwise.demo" });
writeFileSync(outFile, JSON.stringify(result));
await app.shutdown();
process.exit(0);
