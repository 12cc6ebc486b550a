// Run by the e2e global setup with the server's environment, before the server starts: boots the
// built app once (migrations, plans, demo company), then writes session cookies per demo login and
// real record ids of each demo login's company.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [file, perLogin, loginsJson] = process.argv.slice(2);
const build = await import(pathToFileURL(path.join(process.env.BUILD_DIR, "server/index.js")).href);
const app = build.entry.module;
await app.boot();
const sessions = {};
const recordIds = {};
for (const login of JSON.parse(loginsJson)) {
  sessions[login.role] = [];
  for (let i = 0; i < Number(perLogin); i++)
    sessions[login.role].push(await app.sessionCookieFor({ email: login.email }));
  const { user, company } = await app.accessOfUser(login.email);
  // A field tech sees only the jobs assigned to them (role 0).
  recordIds[login.role] = await app.sampleRecordIds(company.id, user.role === 0 ? { assignedTo: user.id } : {});
}
writeFileSync(file, JSON.stringify({ sessions, recordIds }));
await app.shutdown();
process.exit(0);
