import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { freePort } from "../helpers/free-port";

import { baseUrl } from "../e2e/harness";

export { baseUrl, demoRecordIds, liveSessionCookie, demoLogin } from "../e2e/harness";

let address = 0;
/**
 * A form post as the app's screens make it, from the app's origin; each from its own address, so no
 * rate limit answers in the test's place.
 */
export function postForm(path: string, cookie: string, body: URLSearchParams) {
  address += 1;
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: baseUrl(),
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `203.0.113.${address % 250}`,
    },
    body,
    redirect: "manual",
  });
}

/** The e2e build every server of the security suite runs (the same production bundle users get). */
export const buildDir = () => inject("e2e").buildDir;

export type OwnServer = {
  baseUrl: string;
  process: ChildProcess;
  log: () => string;
  /** What `({})` inherits inside the server process (needs `probe: true`). */
  prototypeReport: () => Promise<{ objectKeys: string[]; plain: Record<string, unknown> }>;
  stop: () => Promise<number | null>;
};

/**
 * Starts the built server on its own port and embedded database, with the environment given on top
 * of a production one. `probe` preloads tests/security/probe.mjs so the test can ask the process
 * what plain objects inherit. Resolves once it answers, rejects (with its log) if it exits first.
 */
export async function startServer({
  env = {},
  probe = false,
}: { env?: Record<string, string | undefined>; probe?: boolean } = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-security-"));
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir(),
    DATA_DIR: dataDir,
    PORT: String(port),
    SESSION_SECRET: "security-suite-secret-0123456789abcdef",
    APP_URL: `http://localhost:${port}`,
  };
  delete fullEnv.DATABASE_URL;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete fullEnv[key];
    else fullEnv[key] = value;
  }
  const args = probe ? ["--import", path.resolve("tests/security/probe.mjs"), "server.js"] : ["server.js"];
  const child = spawn("node", args, { env: fullEnv, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const logPath = path.join(dataDir, "server.log");
  const logFile = createWriteStream(logPath);
  child.stdout!.pipe(logFile);
  child.stderr!.pipe(logFile);
  const log = () => (existsSync(logPath) ? readFileSync(logPath, "utf8") : "");
  const url = `http://localhost:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) {
        cleanup();
        return resolve(child.exitCode);
      }
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", (code) => {
        clearTimeout(timer);
        logFile.end();
        cleanup();
        resolve(code);
      });
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await new Promise((r) => setTimeout(r, 100));
      const text = log();
      cleanup();
      throw Object.assign(new Error(`the server exited with ${child.exitCode}:\n${text}`), {
        exitCode: child.exitCode,
        log: text,
      });
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer within 90 s:\n${log()}`);
    }
    try {
      await fetch(`${url}/404`, { redirect: "manual" });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const prototypeReport = () =>
    new Promise<{ objectKeys: string[]; plain: Record<string, unknown> }>((resolve, reject) => {
      if (!probe) return reject(new Error("startServer({ probe: true }) is needed for prototypeReport"));
      const onMessage = (message: {
        type?: string;
        report?: { objectKeys: string[]; plain: Record<string, unknown> };
      }) => {
        if (message?.type !== "prototype-report" || !message.report) return;
        child.off("message", onMessage);
        resolve(message.report);
      };
      child.on("message", onMessage);
      child.send("prototype-report");
    });
  return { baseUrl: url, process: child, log, prototypeReport, stop };
}

/** Runs a server only long enough to see whether it starts: its exit code and log, or "started". */
export async function startOutcome(
  env: Record<string, string | undefined>,
): Promise<{ started: boolean; exitCode: number | null; log: string }> {
  try {
    const server = await startServer({ env });
    const log = server.log();
    await server.stop();
    return { started: true, exitCode: null, log };
  } catch (error) {
    const e = error as { exitCode?: number; log?: string; message: string };
    return { started: false, exitCode: e.exitCode ?? null, log: e.log ?? e.message };
  }
}
