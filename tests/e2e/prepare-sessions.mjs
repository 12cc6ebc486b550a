// Run by the e2e global setup with the server's environment, before the server starts:
// boots the built app once (migrations, plans, demo company) and writes session cookies per demo login.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [file, perLogin, loginsJson] = process.argv.slice(2);
const build = await import(pathToFileURL(path.join(process.env.BUILD_DIR, "server/index.js")).href);
const app = build.entry.module;
await app.boot();
const sessions = {};
for (const login of JSON.parse(loginsJson)) {
  sessions[login.role] = [];
  for (let i = 0; i < Number(perLogin); i++) sessions[login.role].push(await app.sessionCookieFor({ email: login.email }));
}
writeFileSync(file, JSON.stringify(sessions));
await app.shutdown();
process.exit(0);
