import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, inject, test } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

// A job module is imported for its side effect (defineJob at import time); the bundler drops such a
// module unless package.json lists it under sideEffects, and the job then silently never runs.
test("every background job defined in the source is in the production build", () => {
  const names = sourceFiles("app").flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/defineJob(?:<[^>]*>)?\(\s*"([^"]+)"/g)].map((m) => m[1]),
  );
  expect(names.length).toBeGreaterThan(2);
  const bundle = readFileSync(path.join(inject("e2e").buildDir, "server/index.js"), "utf8");
  expect(names.filter((name) => !bundle.includes(`"${name}"`))).toEqual([]);
});
