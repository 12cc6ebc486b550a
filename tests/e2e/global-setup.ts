import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import type { PrepareInput } from "./prepare-sessions";
import { freePort } from "../helpers/free-port";

/** What the harness hands to the test files (read with inject("e2e")). */
export type E2eContext = { baseUrl: string; buildDir: string; dataDir: string; sessionsFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

export const SESSION_SECRET = "e2e-session-secret-0123456789abcdef";
/** The demo logins' password: production seeds no published one, so the harness gives its own (demoLogin). */
export const DEMO_PASSWORD = "e2e-demo-password-0123";
/** Session cookies made per demo login before the server starts; signIn takes a live one. */
const SESSIONS_PER_LOGIN = 30;

/** Builds the app into its own folder (never ./build, which other people may be using); a broken tree fails loudly. */
function buildApp(buildDir: string) {
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(
      `e2e: the build failed (npm run build, exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  console.log(`e2e: built into ${path.relative(process.cwd(), buildDir)} in ${Date.now() - started} ms`);
}

async function waitForServer(baseUrl: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`e2e: the server exited with ${server.exitCode} before answering:\n${log()}`);
    try {
      await fetch(`${baseUrl}/404`, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`e2e: the server did not answer within 90 s:\n${log()}`);
}

function stopServer(server: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (server.exitCode !== null)
      return reject(new Error(`e2e: the server had already exited with ${server.exitCode}:\n${log()}`));
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      reject(new Error(`e2e: the server did not exit within 15 s of SIGTERM:\n${log()}`));
    }, 15_000);
    server.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`e2e: the server exited with ${code ?? signal} after SIGTERM (expected 0):\n${log()}`));
    });
    server.kill("SIGTERM");
  });
}

export default async function setup(project: TestProject) {
  const ownBuild = !process.env.E2E_BUILD_DIR;
  const buildDir = path.resolve(process.env.E2E_BUILD_DIR || `.cache/e2e-build-${process.pid}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-e2e-"));
  const removeFiles = () => {
    if (process.env.E2E_KEEP) return;
    rmSync(dataDir, { recursive: true, force: true });
    if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
  };
  try {
    return await start(project, { ownBuild, buildDir, dataDir, removeFiles });
  } catch (error) {
    // vitest runs no teardown when the setup fails.
    removeFiles();
    throw error;
  }
}

async function start(
  project: TestProject,
  {
    ownBuild,
    buildDir,
    dataDir,
    removeFiles,
  }: { ownBuild: boolean; buildDir: string; dataDir: string; removeFiles: () => void },
) {
  if (ownBuild) buildApp(buildDir);
  else if (!existsSync(path.join(buildDir, "server/index.js")))
    throw new Error(`e2e: E2E_BUILD_DIR=${buildDir} holds no build (server/index.js)`);

  const started = Date.now();
  const sessionsFile = path.join(dataDir, "sessions.json");
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    DEMO_PASSWORD,
    SESSION_SECRET,
    APP_URL: baseUrl,
    PORT: String(port),
    // The tests reach the server directly: believing their X-Forwarded-For gives each call its own
    // address, so the suite's sign-ups (30 an hour per address) do not answer 429 in a test's place.
    TRUST_PROXY: "loopback",
  };
  delete env.DATABASE_URL;

  // Seeds the demo company and creates the session rows while the embedded database is still free (from source:
  // test fixtures are not in the server bundle).
  const input: PrepareInput = {
    logins: DEMO_LOGINS.map((login) => ({ key: login.role, email: login.email })),
    sessionsPerLogin: SESSIONS_PER_LOGIN,
  };
  const prepare = spawnSync(
    process.execPath,
    ["--import", "tsx", "tests/e2e/prepare-sessions.ts", sessionsFile, JSON.stringify(input)],
    { env, encoding: "utf8" },
  );
  if (prepare.status !== 0) throw new Error(`e2e: seeding the demo data failed:\n${prepare.stdout}\n${prepare.stderr}`);
  console.log(`e2e: demo data and sessions ready in ${Date.now() - started} ms`);

  const logPath = path.join(dataDir, "server.log");
  const logFile = createWriteStream(logPath);
  const server = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.pipe(logFile);
  server.stderr!.pipe(logFile);
  const log = () => (existsSync(logPath) ? readFileSync(logPath, "utf8") : "");
  // An interrupted run (Ctrl-C) must not leave the server holding its port and memory.
  const killOnExit = () => server.exitCode === null && server.kill("SIGKILL");
  process.once("exit", killOnExit);
  await waitForServer(baseUrl, server, log).catch((error) => {
    killOnExit();
    throw error;
  });
  console.log(`e2e: server up at ${baseUrl} in ${Date.now() - started} ms`);

  project.provide("e2e", { baseUrl, buildDir, dataDir, sessionsFile });

  return async () => {
    try {
      process.off("exit", killOnExit);
      await stopServer(server, log);
      const errors = log()
        .split("\n")
        .filter((line) => /error/i.test(line));
      if (errors.length)
        console.warn(`e2e: the server logged errors (full log was in ${logPath}):\n${errors.slice(0, 20).join("\n")}`);
    } finally {
      logFile.end();
      removeFiles();
    }
  };
}
