// Shared by the bench scripts (plain Node, no build step).
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";

/** A TCP port free on this machine right now (the OS picks it), for a server a bench starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the PostgreSQL at `url`. */
export async function onPostgres(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the server of `adminUrl` (its credentials, host and port). */
export function databaseUrlOn(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run build` into `buildDir` for production; answers spawnSync's result (status, stdout, stderr). */
export function buildInto(buildDir) {
  return spawnSync("npm", ["run", "build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    encoding: "utf8",
  });
}

/**
 * The environment of the built server (`node server.js`) on `port`, in production mode, its build in
 * `buildDir` and its embedded database in `dataDir` (no DATABASE_URL inherited); `more` on top.
 */
export function serverEnv({ buildDir, dataDir, port, sessionSecret }, more = {}) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  return {
    ...inherited,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    SESSION_SECRET: sessionSecret,
    ...more,
  };
}
