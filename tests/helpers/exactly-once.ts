import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db.server";
import { seedPlans } from "~/models/admin/plans.server";
import { listenLocally } from "./free-port";
import { databaseUrlOn, sqlOnce } from "./postgres";
import { randomSmtpPort } from "./smtp-capture";

/**
 * Exactly-once tests run the app's sending in child processes (tsx, from source) on a PostgreSQL
 * database of their own (the embedded database is one process's), sending through SMTP to a server
 * in the test. They are skipped when PostgreSQL is not at EXACTLY_ONCE_DATABASE_URL.
 */
const adminUrl = process.env.EXACTLY_ONCE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const postgresAvailable = await sqlOnce(adminUrl, "select 1", [], { timeoutMs: 2000 }).then(
  () => true,
  () => false,
);

export type HangingSmtp = {
  url: string;
  received: ParsedMail[];
  onMessage?: (mail: ParsedMail) => "answer" | "hang";
  close(): Promise<void>;
};

/** An SMTP server that keeps what it receives; onMessage may leave the client hanging (no answer to DATA). */
async function startHangingSmtp(): Promise<HangingSmtp> {
  const port = randomSmtpPort();
  const smtp: HangingSmtp = { url: `smtp://127.0.0.1:${port}`, received: [], close: async () => undefined };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          smtp.received.push(mail);
          if (smtp.onMessage?.(mail) === "hang") return;
          done();
        },
        (error) => done(error),
      );
    },
  });
  await listenLocally(server, port);
  server.on("error", () => undefined);
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}

const kill = (child: ChildProcess) => child.kill("SIGKILL");

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null; output: string };

/**
 * Registers beforeAll/afterAll hooks (inside the describe that skips without PostgreSQL): a database
 * named after `databasePrefix`, migrated, with the plans, opened as this process's database, and a
 * hanging SMTP server. `start` runs `childScript` on both, with `env` on top.
 */
export function useExactlyOnceRun(databasePrefix: string, childScript: string) {
  const databaseName = `${databasePrefix}_${process.pid}_${Date.now()}`;
  const databaseUrl = databaseUrlOn(adminUrl, databaseName);
  const tsx = path.resolve("node_modules/.bin/tsx");
  const run = {
    smtp: undefined as unknown as HangingSmtp,
    start(env: Record<string, string> = {}) {
      const child = spawn(tsx, [childScript], {
        env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, SMTP_URL: run.smtp.url, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (d) => (output += d));
      child.stderr!.on("data", (d) => (output += d));
      const exited = new Promise<ChildExit>((resolve) =>
        child.on("exit", (code, signal) => resolve({ code, signal, output })),
      );
      return { child, exited };
    },
    /** Runs `childScript` and kills it (SIGKILL) while the SMTP server holds its first message, unanswered. */
    async crashWhileSending(env: Record<string, string> = {}) {
      const started = run.start(env);
      run.smtp.onMessage = () => {
        kill(started.child);
        return "hang";
      };
      const died = await started.exited;
      run.smtp.onMessage = undefined;
      return died;
    },
  };

  beforeAll(async () => {
    await sqlOnce(adminUrl, `create database ${databaseName}`);
    await openDatabase({ databaseUrl, migrate: true, poolSize: 5 });
    await seedPlans(db);
    run.smtp = await startHangingSmtp();
  });

  afterAll(async () => {
    await run.smtp?.close();
    await closeDatabase();
    await sqlOnce(adminUrl, `drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  });

  return run;
}

/** The JSON report a child prints as its last line. */
export const reportOf = <T>(exit: ChildExit) => JSON.parse(exit.output.trim().split("\n").at(-1)!) as T;
