// Run from source with `node --import tsx tests/e2e/prepare-sessions.ts <out.json> '<PrepareInput as JSON>'`, with the
// server's environment (DATA_DIR, SESSION_SECRET, SEED_DEMO...), before anything else opens the embedded database:
// by the e2e global setup before the server starts, and by the route walk before it boots the build in its process.
// Boots the app once (migrations, plans, demo company), seeds the extra companies asked for, then writes per login
// its session cookies, its access and real record ids of its company. Test fixtures come from tests/fixtures, not from
// the server bundle.
import { deepStrictEqual } from "node:assert/strict";
import { writeFileSync } from "node:fs";
import type { Access } from "~/access/access.server";
import { Role } from "~/access/roles";
import { boot, shutdown } from "~/server/boot.server";
import { seedBenchmark, type BenchmarkCompany } from "../fixtures/bench-company";
import { accessOfUser, sampleRecordIds, sessionCookieFor } from "../fixtures/sessions";

export type PrepareInput = {
  /** Each gets `sessionsPerLogin` cookies, its access and record ids under its key. */
  logins: { key: string; email: string }[];
  sessionsPerLogin: number;
  /** Companies seeded (seedBenchmark) before the logins are read, so their admins can be logins too. */
  companies?: (BenchmarkCompany & { key: string })[];
};

export type PrepareOutput = {
  /** Signed `__session=...` cookies, each of its own session row. */
  sessions: Record<string, string[]>;
  /** As the server loads it on each request (all JSON values: dates are ISO strings). */
  access: Record<string, Access>;
  /** One record id per company-owned table; a field tech's jobs are among those assigned to them. */
  recordIds: Record<string, Record<string, number>>;
  companies: Record<string, { companyId: number; adminUserId: number; recordIds: Record<string, number> }>;
};

const [outFile, inputJson] = process.argv.slice(2);
if (!outFile || !inputJson) throw new Error("usage: prepare-sessions.ts <out.json> '<PrepareInput as JSON>'");
const input = JSON.parse(inputJson) as PrepareInput;

await boot();
const output: PrepareOutput = { sessions: {}, access: {}, recordIds: {}, companies: {} };
for (const { key, ...company } of input.companies ?? []) {
  const { companyId, adminUserId } = await seedBenchmark(company);
  output.companies[key] = { companyId, adminUserId, recordIds: await sampleRecordIds(companyId) };
}
for (const login of input.logins) {
  output.sessions[login.key] = [];
  for (let i = 0; i < input.sessionsPerLogin; i++)
    output.sessions[login.key].push(await sessionCookieFor({ email: login.email }));
  const access = await accessOfUser(login.email);
  // Readers get it back through JSON: a Date (or undefined) would come back different.
  deepStrictEqual(JSON.parse(JSON.stringify(access)), access, `the access of ${login.email} does not survive JSON`);
  output.access[login.key] = access;
  output.recordIds[login.key] = await sampleRecordIds(
    access.company.id,
    access.user.role === Role.FieldTech ? { assignedTo: access.user.id } : {},
  );
}
writeFileSync(outFile, JSON.stringify(output));
await shutdown();
process.exit(0);
