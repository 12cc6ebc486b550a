import { describe, expect, it, vi } from "vitest";
import { ALL_ROLES } from "~/access/roles";
import { routeRule, routeTable, type RouteRule } from "~/access/route-table";

/**
 * One rule per thing (issue 11, item 10): every API route module is called here, its access check
 * answers with the rule it was given instead of checking, and that rule must be its screen's
 * route-table entry. The list of modules comes from the files under app/routes/api+, so a new API
 * route without a screen in the mapping below fails this test.
 */
const { Seen } = vi.hoisted(() => ({
  Seen: class Seen {
    constructor(readonly rule: { roles: readonly number[]; planFeatures?: readonly number[]; appFeatures?: readonly number[]; needsTwoWayTextEnabled?: boolean }) {}
  },
}));

vi.mock("~/http/api.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/http/api.server")>();
  const { routeRule } = await import("~/access/route-table");
  const { ALL_ROLES } = await import("~/access/roles");
  return {
    ...actual,
    requireApiAccess: async (_request: Request, rule: ConstructorParameters<typeof Seen>[0]) => {
      throw new Seen(rule);
    },
    requireApiAccessFor: async (_request: Request, pattern: string) => {
      throw new Seen(routeRule(pattern) as ConstructorParameters<typeof Seen>[0]);
    },
    requireSignedInApi: async () => {
      throw new Seen({ roles: ALL_ROLES });
    },
  };
});

const SIGNED_IN = "any signed-in role";
const PUBLIC = "public";
type Expected = string; // a route-table pattern, SIGNED_IN or PUBLIC

/** The screen behind each API area; the documented exceptions are named as such. */
function screenOf(file: string, kind: "loader" | "action"): Expected | undefined {
  const f = file.replace(/^\/?app\/routes\/api\+\//, "");
  // Public calls: sign-in and friends, the online booking's service-area check, the API's own documents.
  if (f.startsWith("account+/") || f === "company+/check-service-area.ts" || f === "openapi[.]json.ts" || f === "$.ts") return PUBLIC;
  // Exceptions: places serve every address field; the job form's customer picker follows the job form.
  if (f.startsWith("places+/")) return SIGNED_IN;
  if (f === "customers+/search.ts" || f === "customers+/$id_.reduced.ts") return "/jobs/new";
  if (f.startsWith("customers+/")) return "/customers";
  if (f.startsWith("jobs+/")) return "/jobs";
  if (f.startsWith("employees+/") || f === "users+/exportUsers.ts") return "/employees";
  if (f === "users+/get-for-comapny.ts") return "/schedule";
  if (f === "users+/current.ts" || f === "users+/shadow-log-out.ts") return SIGNED_IN;
  if (f === "users+/$id.shadow-log-in.ts") return "/admin-panel";
  if (f.startsWith("tags+/")) return "/settings/tags";
  if (f.startsWith("company+/lead-sources")) return "/settings/lead-sources";
  if (f.startsWith("company+/expense-code")) return "/settings/expense-codes";
  if (f.startsWith("company+/discount") || f.startsWith("company+/taxRate")) return "/discounts-tax-rates";
  if (f.startsWith("company+/admin+/")) return "/admin-panel";
  if (f === "company+/_layout.ts" || f === "company+/logo.ts") return "/company-profile";
  if (f === "company+/zapier-api-key.ts") return "/integrations";
  if (f === "company-settings+/_layout.ts") return "/settings";
  if (f === "company-settings+/messages-on-invoice-and-estimate.ts") return "/settings/messages";
  if (f.startsWith("company-settings+/onboarding")) return "/onboarding/:actionType/dismiss";
  // The price book's reads that the job form's item picker makes follow the job form (a field tech gets no cost).
  const pickerReads = ["price-lists+/_layout.ts", "price-lists+/$id.ts", "price-lists+/items.ts", "price-lists+/items.page.ts", "price-lists+/$id.items.page.ts"];
  if (pickerReads.includes(f) && kind === "loader") return "/jobs/new";
  if (f.startsWith("price-lists+/")) return "/price-book";
  return undefined;
}

const normalised = (rule: ConstructorParameters<typeof Seen>[0]) => ({
  roles: [...rule.roles].sort(),
  planFeatures: [...(rule.planFeatures ?? [])].sort(),
  appFeatures: [...(rule.appFeatures ?? [])].sort(),
  needsTwoWayTextEnabled: !!rule.needsTwoWayTextEnabled,
});

function expectedRule(expected: Expected): ConstructorParameters<typeof Seen>[0] {
  if (expected === SIGNED_IN) return { roles: ALL_ROLES };
  const rule: RouteRule = routeRule(expected);
  expect(rule.kind, `${expected} is a private screen`).toBe("private");
  return { ...rule, roles: rule.roles ?? [] };
}

const params = { id: "1", tagId: "1", sourceId: "1", actionType: "1", placeId: "p1", "*": "x" };

/** The rule a route function checked first; "nothing" when it answered 404 or 405 without reading anything; null when it answered without a check. */
async function ruleChecked(run: (args: { request: Request; params: typeof params; context: object }) => unknown, method: string) {
  const request = new Request("http://localhost/api/x", { method, headers: { "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
  let answer: unknown;
  try {
    answer = await run({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Seen) return thrown.rule;
    answer = thrown;
  }
  if (answer instanceof Response && (answer.status === 404 || answer.status === 405)) return "nothing" as const;
  return null;
}

const modules = import.meta.glob<Record<string, unknown>>("/app/routes/api+/**/*.ts");

describe("API calls follow their screen's route-table entry", () => {
  it("finds the API route modules", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(80);
  });

  for (const [file, load] of Object.entries(modules)) {
    for (const kind of ["loader", "action"] as const) {
      it(`${file.replace("/app/routes/", "")} ${kind}`, async () => {
        const mod = await load();
        const run = mod[kind] as ((args: never) => unknown) | undefined;
        if (!run) return;
        const expected = screenOf(file, kind);
        expect(expected, `${file}: add its screen to screenOf (a new API area needs its screen's entry)`).toBeDefined();
        if (expected === PUBLIC) return;
        for (const method of kind === "loader" ? ["GET"] : ["POST", "PUT", "PATCH", "DELETE"]) {
          const rule = await ruleChecked(run as never, method);
          expect(rule, `${file} ${method}: the access check comes first`).not.toBeNull();
          if (rule === "nothing") continue;
          expect(normalised(rule!), `${file} ${method} follows ${expected}`).toEqual(normalised(expectedRule(expected!)));
        }
      });
    }
  }
});

describe("the areas where screen and API used to differ", () => {
  it("names each screen by its pattern, and an unknown pattern is an error, not a silent rule", () => {
    expect(routeRule("/price-book")).toBe(routeTable.find((r) => r.pattern === "/price-book"));
    expect(() => routeRule("/price-book/")).toThrow(/No route-table entry/);
    expect(() => routeRule("/no-such-screen")).toThrow(/No route-table entry/);
  });

  it("a tag picker follows the form that picks that type of tag (GET tags/by-type?type=)", async () => {
    const { loader } = await import("~/routes/api+/tags+/by-type");
    const forms = { 0: "/customers/new", 1: "/jobs/new", 2: "/estimates/new", 3: "/employees/new", 4: "/invoices" } as Record<number, string>;
    for (const [type, screen] of Object.entries(forms)) {
      let seen: unknown;
      await Promise.resolve(loader({ request: new Request(`http://localhost/api/tags/by-type?type=${type}`), params: {}, context: {} })).catch((e) => (seen = e));
      expect(seen).toBeInstanceOf(Seen);
      expect(normalised((seen as InstanceType<typeof Seen>).rule), `type ${type}`).toEqual(normalised(expectedRule(screen)));
    }
  });

  it.each([
    ["expense codes", "company+/expense-codes.ts", "/settings/expense-codes"],
    ["messages on invoices and estimates", "company-settings+/messages-on-invoice-and-estimate.ts", "/settings/messages"],
    ["the company record", "company+/_layout.ts", "/company-profile"],
    ["the price book", "price-lists+/items.$id.ts", "/price-book"],
  ])("%s: the API's roles are the screen's", (_area, file, screen) => {
    expect(screenOf(`app/routes/api+/${file}`, "action")).toBe(screen);
    expect(screenOf(`app/routes/api+/${file}`, "loader")).toBe(screen);
  });
});
