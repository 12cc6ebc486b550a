// The route-matching patch (patches/@remix-run+router+*.patch, docs/decisions/028) is a backport of a
// speed fix: it must match exactly as the framework's own code does. The unpatched file is rebuilt
// here by reversing the patch on a copy, and both match every route of the build (and the spellings
// around each path that the odd-paths middleware does not refuse) to the same routes and params.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] };
type Match = { params: Record<string, string | undefined>; pathname: string; route: { id: string } };
type Router = { matchRoutes: (routes: RouteObject[], location: string) => Match[] | null };
type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

const require = createRequire(import.meta.url);
const patchedFile = require.resolve("@remix-run/router/dist/router.cjs.js");
const patchFile = readdirSync("patches").find((name) => name.startsWith("@remix-run+router+"));
let folder: string;
let patched: Router;
let original: Router;
let routes: Record<string, BuiltRoute>;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "router-unpatched-"));
  const copy = path.join(folder, "router.cjs.js");
  copyFileSync(patchedFile, copy);
  const reversed = spawnSync("patch", ["--reverse", "--batch", "--silent", copy, path.resolve("patches", patchFile!)], {
    encoding: "utf8",
  });
  if (reversed.status !== 0)
    throw new Error(`The router patch does not reverse cleanly: ${reversed.stdout}${reversed.stderr}`);
  original = require(copy);
  patched = require(patchedFile);
  const build = await import(pathToFileURL(path.join(inject("e2e").buildDir, "server/index.js")).href);
  routes = build.routes;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The route tree as Remix gives it to the router (server-runtime's createRoutes). */
function tree(parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: tree(route.id),
    }));
}

const fullPath = (id: string): string => {
  const route = routes[id];
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
};

const summary = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname })) ?? null;

describe("the patched route matching", () => {
  it("is the patch the installed router carries (patch-package --error-on-fail)", () => {
    expect(patchFile).toBeDefined();
    expect(patched.matchRoutes).not.toBe(original.matchRoutes);
  });

  it("matches every route of the build as the framework's own code does", () => {
    const routeTree = tree(undefined);
    const paths = new Set<string>(["/", "/nope", "/api/nope/deeper"]);
    for (const id of Object.keys(routes)) {
      const concrete = `/${fullPath(id)}`.replace(/:\w+\??/g, "12").replace(/\*$/, "a/b");
      for (const variant of [
        concrete,
        `${concrete}/`,
        concrete.toUpperCase(),
        `${concrete}/extra`,
        `${concrete}/12/extra`,
        concrete.replace(/12/g, "%20x"),
      ])
        paths.add(variant.replace(/\/\/+/g, "/"));
    }
    expect(paths.size).toBeGreaterThan(500);
    for (const pathname of paths) {
      // Twice: the patched code answers the second time from what it kept.
      for (let i = 0; i < 2; i++)
        expect(summary(patched.matchRoutes(routeTree, pathname)), pathname).toEqual(
          summary(original.matchRoutes(routeTree, pathname)),
        );
    }
  });
});
