// Shared by the bench scripts (plain Node, no build step).
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

/**
 * The bench's database: a fresh one named `name` on the server of BENCH_DATABASE_URL (`url`, and
 * `drop` to remove it after), or without that variable the embedded database (`url` "").
 */
export async function benchDatabase(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { url: "", drop: async () => undefined };
  await onPostgres(adminUrl, `create database ${name}`);
  return {
    url: databaseUrlOn(adminUrl, name),
    drop: () => onPostgres(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Runs a bench worker from source (`script`, with tsx) in production mode, `env` on top of this
 * process's environment (an undefined value removes the variable); answers the JSON report it prints last.
 */
export function runWorker(script, env) {
  const workerEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: process.env.SESSION_SECRET || "bench-session-secret-0123456789",
    APP_URL: process.env.APP_URL || "http://localhost:3000",
    ...env,
  };
  for (const [key, value] of Object.entries(workerEnv)) if (value === undefined) delete workerEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [script], {
      cwd: root,
      env: workerEnv,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)))
        : reject(new Error(`worker exited ${code}\n${out}`)),
    );
  });
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

/** Starts the built server (`node server.js`) and waits until it answers; throws with its log if it exits. */
export async function startServer(env, base, cwd) {
  const server = spawn("node", ["server.js"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let serverLog = "";
  server.stdout.on("data", (d) => (serverLog += d));
  server.stderr.on("data", (d) => (serverLog += d));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${serverLog}`);
    try {
      await fetch(`${base}/404`);
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
