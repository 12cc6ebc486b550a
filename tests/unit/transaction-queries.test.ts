import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A transaction (or an Executor that may be one: `tx`, `exec`) holds one connection, which runs one
 * query at a time: queries sent to it together queue up, which pg 8 warns about and pg 9 refuses.
 * So no Promise.all in the app's code hands several queries to one. Runtime check on PostgreSQL:
 * tests/integration/messaging/transaction-queries.test.ts.
 */
const EXECUTOR = /\b(tx|exec|trx)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The argument text of each Promise.all(…) / Promise.allSettled(…) of a source, with its line. */
function promiseAllCalls(source: string): { line: number; argument: string }[] {
  const calls: { line: number; argument: string }[] = [];
  for (const match of source.matchAll(/Promise\.all(Settled)?\(/g)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (depth > 0 && end < source.length) {
      if (source[end] === "(") depth++;
      else if (source[end] === ")") depth--;
      end++;
    }
    calls.push({ line: source.slice(0, match.index).split("\n").length, argument: source.slice(start, end - 1) });
  }
  return calls;
}

describe("queries on one transaction", () => {
  it("finds a Promise.all over a transaction", () => {
    const found = promiseAllCalls(
      "const [a, b] = await Promise.all([\n  tx.select().from(t),\n  exec.select().from(u),\n]);",
    );
    expect(found.filter((c) => EXECUTOR.test(c.argument))).toHaveLength(1);
  });

  it("are never sent together (no Promise.all over tx or exec in app/)", () => {
    const offenders = sourceFiles(path.resolve("app")).flatMap((file) =>
      promiseAllCalls(readFileSync(file, "utf8"))
        .filter((call) => EXECUTOR.test(call.argument))
        .map((call) => `${path.relative(process.cwd(), file)}:${call.line}`),
    );
    expect(offenders).toEqual([]);
  });
});
