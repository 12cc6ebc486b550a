// Access by name (issue 12): every loader and action of the build names its route-table entry before
// it does anything else. Each one is called with a load context whose access lookup answers with the
// entry it was handed instead of looking anything up; no database is open here, so a route that
// reads or writes anything before its access check fails with another error.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { matchPattern, routeTable, type RouteRule } from "~/access/route-table";

type RouteFn = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: RouteFn; action?: RouteFn; default?: unknown };
};

/** The document frame of every page, public or private: it reads the flash message only. */
const WITHOUT_ENTRY = new Set(["root"]);

class Named {
  constructor(readonly entry: RouteRule | undefined) {}
}

let routes: Record<string, BuiltRoute>;

beforeAll(async () => {
  const build = await import(pathToFileURL(path.join(inject("e2e").buildDir, "server/index.js")).href);
  routes = build.routes;
});

const fullPath = (id: string): string => {
  const route = routes[id];
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
};

/** The route's path with made-up parameters. */
const concrete = (id: string) =>
  `/${fullPath(id)}`
    .replace(/:\w+\??/g, "1")
    .replace(/\*$/, "x/y")
    .replace(/\/+$/, "") || "/";

async function entryNamed(run: RouteFn, pathname: string, method: string): Promise<RouteRule | undefined | Error> {
  const init: RequestInit =
    method === "GET" ? {} : { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" };
  const context = {
    cspNonce: "",
    clientAddress: "203.0.113.1",
    access: async (_request: Request, entry: RouteRule | undefined) => Promise.reject(new Named(entry)),
  };
  try {
    await run({
      request: new Request(`http://localhost${pathname}`, init),
      params: { id: "1", jobId: "1", token: "t", actionType: "1", tagId: "1", sourceId: "1", placeId: "p", "*": "x/y" },
      context,
    });
    return new Error("answered without naming an entry");
  } catch (thrown) {
    if (thrown instanceof Named) return thrown.entry;
    return new Error(
      `did something else first: ${thrown instanceof Response ? `answered ${thrown.status}` : String(thrown)}`,
    );
  }
}

describe("every loader and action names its route-table entry first", () => {
  it("finds the built routes", () => {
    expect(Object.keys(routes).length).toBeGreaterThan(100);
  });

  it("each names an entry of the table, and a screen its own", async () => {
    const wrong: string[] = [];
    for (const [id, route] of Object.entries(routes)) {
      for (const kind of ["loader", "action"] as const) {
        const run = route.module[kind];
        if (!run || WITHOUT_ENTRY.has(id)) continue;
        const pathname = concrete(id);
        const named = await entryNamed(run, pathname, kind === "loader" ? "GET" : "POST");
        if (named instanceof Error || !named) {
          wrong.push(`${id} ${kind}: ${named ? named.message : "named no entry"}`);
          continue;
        }
        // The build has its own copy of the table: the entry is found by name.
        const entry = routeTable.find((rule) => rule.name === named.name);
        if (!entry || entry.pattern !== named.pattern || entry.kind !== named.kind) {
          wrong.push(`${id} ${kind}: names ${named.name}, which the table does not have`);
          continue;
        }
        // A screen names its own entry (an API call names its screen's; a path with nothing to show answers as not found).
        const isApi = pathname.startsWith("/api/");
        if (
          !isApi &&
          entry !== routeTable.find((rule) => rule.name === "notFound") &&
          !matchPattern(entry.pattern, pathname) &&
          id !== "routes/$"
        ) {
          wrong.push(`${id} ${kind}: names ${entry.name} (${entry.pattern}), which is not its path ${pathname}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
