import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { pagingSchema } from "~/http/query-schemas";
import "~/openapi/index.server";
import { registeredCalls } from "~/openapi/registry.server";

/**
 * One API contract (issue 12): the schemas in the OpenAPI document are the objects the API routes
 * validate with. Every API route module under app/routes/api+ is read; each schema it hands to
 * parseOr400 (and readPaging's pagingSchema) is looked up as an object and must be registered, by
 * identity, on the call of that route's path; and every schema registered as a JSON body or a query
 * must be one a route of that path parses with (file uploads, multipart only, are described only). A second copy on either side (a
 * schema written inline in a route, or re-declared in app/openapi) fails.
 */
const ROOT = path.resolve(__dirname, "../..");
const API_DIR = path.join(ROOT, "app/routes/api+");

/** The API's route modules; `__name.server.ts` helpers beside them are not routes (the router ignores them). */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".ts") && !entry.name.startsWith("__")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** The /api path of a flat-routes file: folders end in +, $id (or $id_) is {id}, _layout and _index add nothing, [.] is a dot. */
function apiPathOf(file: string): string | null {
  const relative = path.relative(API_DIR, file).replace(/\.ts$/, "");
  if (relative === "$" || relative === "openapi[.]json") return null;
  const segments = relative
    .split("/")
    .flatMap((part) =>
      part
        .replace(/\+$/, "")
        .replace(/\[\.\]/g, "\u0000")
        .split("."),
    )
    .map((s) => s.replace(/\u0000/g, "."))
    .filter((s) => s !== "_layout" && s !== "_index")
    .map((s) => (s.startsWith("$") ? `{${s.slice(1).replace(/_$/, "")}}` : s.replace(/_$/, "")));
  return `/${segments.join("/")}`;
}

type Found = { description: string; schema: unknown };

/** The schema objects a route module parses with. A schema declared in the route and not exported cannot be shared: it is reported as such. */
async function parsedSchemas(file: string): Promise<Found[]> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const imports = new Map<string, { from: string; name: string }>();
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !statement.importClause?.namedBindings ||
      !ts.isNamedImports(statement.importClause.namedBindings)
    )
      continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of statement.importClause.namedBindings.elements)
      imports.set(element.name.text, { from, name: (element.propertyName ?? element.name).text });
  }
  const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  const load = async (name: string): Promise<unknown> => {
    const imported = imports.get(name);
    if (!imported) return name in routeModule ? routeModule[name] : `${name} (declared in the route, not shared)`;
    const from = imported.from.startsWith(".")
      ? path.resolve(path.dirname(file), imported.from)
      : imported.from.replace(/^~\//, `${ROOT}/app/`);
    const module = (await import(/* @vite-ignore */ from)) as Record<string, unknown>;
    return module[imported.name];
  };

  const found: Found[] = [];
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === "parseOr400" || node.expression.text === "readPaging")
    )
      calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const call of calls) {
    const callee = (call.expression as ts.Identifier).text;
    if (callee === "readPaging") {
      found.push({ description: "readPaging", schema: pagingSchema });
      continue;
    }
    const argument = call.arguments[0];
    const description = argument.getText(source);
    if (ts.isIdentifier(argument)) found.push({ description, schema: await load(argument.text) });
    // A schema built per country (phone numbers): the US one is the documented one.
    else if (ts.isCallExpression(argument) && ts.isIdentifier(argument.expression)) {
      const factory = await load(argument.expression.text);
      found.push({
        description,
        schema: typeof factory === "function" ? (factory as (country: string) => unknown)("US") : factory,
      });
    } else found.push({ description, schema: `${description} (built in the route)` });
  }
  return found;
}

const registeredSchemas = (callPath: string) =>
  registeredCalls
    .filter((call) => `/api${call.path}` === `/api${callPath}`)
    .flatMap((call) =>
      [call.body, call.multipart, call.query, call.params, call.paging ? pagingSchema : undefined].flat(),
    )
    .filter((schema): schema is NonNullable<typeof schema> => schema !== undefined) as unknown[];

describe("one API contract", () => {
  const files = routeFiles(API_DIR);

  it("finds the API routes and their paths", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(apiPathOf(path.join(API_DIR, "customers+/$id_.jobs.page.ts"))).toBe("/customers/{id}/jobs/page");
    expect(apiPathOf(path.join(API_DIR, "company-settings+/onboarding.$actionType.should-show.ts"))).toBe(
      "/company-settings/onboarding/{actionType}/should-show",
    );
    expect(apiPathOf(path.join(API_DIR, "jobs+/_layout.ts"))).toBe("/jobs");
  });

  it("documents every schema a route parses with, as the same object", async () => {
    const missing: string[] = [];
    const parsedByPath = new Map<string, unknown[]>();
    for (const file of files) {
      const apiPath = apiPathOf(file);
      if (!apiPath) continue;
      for (const { description, schema } of await parsedSchemas(file)) {
        parsedByPath.set(apiPath, [...(parsedByPath.get(apiPath) ?? []), schema]);
        if (!registeredSchemas(apiPath).includes(schema)) missing.push(`${path.relative(ROOT, file)}: ${description}`);
      }
    }
    expect(missing, "parsed by a route but not registered on its call (register that object, not a copy)").toEqual([]);

    const unparsed = registeredCalls.flatMap((call) =>
      (["body", "query", "params"] as const)
        .flatMap((part) => [call[part]].flat().map((schema) => [part, schema] as const))
        .filter(
          ([, schema]) => schema !== undefined && !(parsedByPath.get(call.path) ?? []).includes(schema as unknown),
        )
        .map(([part]) => part)
        .map((part) => `${call.method.toUpperCase()} ${call.path} ${part}`),
    );
    // Path parameters a route reads without parseOr400 (an id that answers 404) are documented only.
    expect(
      unparsed.filter((entry) => !entry.endsWith(" params")),
      "registered but parsed by no route of that path (a second copy?)",
    ).toEqual([]);
  });
});
