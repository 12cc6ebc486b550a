import { describe, expect, it } from "vitest";
import { routeTable, screens, type RouteRule } from "~/access/route-table";

/**
 * One rule per thing (issue 11, item 10; issue 12, access by name): every API route module is
 * called here with a load context whose access lookup answers with the route-table entry it was
 * handed instead of looking anything up, and that entry must be its screen's. The list of modules
 * comes from the files under app/routes/api+, so a new API route without a screen in the mapping
 * below fails this test.
 */
class Named {
  constructor(readonly entry: RouteRule | undefined) {}
}
const naming = () => ({
  access: async (_request: Request, entry: RouteRule | undefined) => Promise.reject(new Named(entry)),
});

type Expected = string; // an entry's name in screens

/** The screen behind each API area; the documented exceptions are named as such. */
function screenOf(file: string, kind: "loader" | "action", method = "GET"): Expected | undefined {
  const f = file.replace(/^\/?app\/routes\/api\+\//, "");
  // Public calls name their page: sign-in and friends, the online booking's service-area check, the API's own documents.
  const account: Record<string, string> = {
    "sign-in.ts": "auth.login",
    "verify-code.ts": "auth.login",
    "sign-up.ts": "auth.signup",
    "signUpFirstStepPassed.ts": "auth.signup",
    "email-exists.ts": "auth.signup",
    "forgotPassword.ts": "auth.forgot",
    "resetPassword.ts": "auth.reset",
    "logout.ts": "logout",
  };
  if (f.startsWith("account+/")) return account[f.slice("account+/".length)];
  if (f === "company+/check-service-area.ts") return "onlineBooking";
  if (f === "booking-requests+/public.$companyId.send.ts" || f === "booking-requests+/upload-question-image.ts")
    return "onlineBooking";
  if (f.startsWith("booking-requests+/public.$formUrl.places.")) return "onlineBooking";
  if (f === "client+/$id.sign.ts") return "estimateDetails";
  if (f === "openapi[.]json.ts") return "apiDocumentation";
  if (f === "$.ts") return "notFound";
  // Twilio's signed webhooks name their own entries.
  if (f === "webhooks+/twilio.status.ts") return "webhooks.twilioStatus";
  if (f === "webhooks+/twilio.incoming.ts") return "webhooks.twilioIncoming";
  if (f === "webhooks+/stripe.ts") return "webhooks.stripe";
  if (f === "webhooks+/stripe-billing.ts") return "webhooks.stripeBilling";
  // Exceptions: places serve every address field (any signed-in role); the job form's customer picker follows the job form.
  if (f.startsWith("places+/")) return "home";
  if (f === "customers+/search.ts" || f === "customers+/$id_.reduced.ts") return "jobs.new";
  if (f.startsWith("customers+/")) return "customers.list";
  // Checklists (issue #19): filling in names its own entry (the forms and checklists feature); the public ones, their pages.
  if (/^(jobs|estimates)\+\/public-checklist\./.test(f))
    return f.startsWith("jobs") ? "publicChecklists.job" : "publicChecklists.estimate";
  if (/^(jobs|estimates)\+\/.*checklist/.test(f))
    return f.startsWith("jobs") ? "checklists.job" : "checklists.estimate";
  if (f.startsWith("templates+/")) return "templates.list";
  if (f.startsWith("expenses+/")) return "expenseTracking";
  if (f.startsWith("jobs+/")) return "jobs.list";
  if (f.startsWith("estimates+/")) return "estimates.list";
  if (f.startsWith("invoices+/")) return "invoices.list";
  if (f.startsWith("booking-requests+/")) return "bookingRequests.list";
  if (f.startsWith("employees+/") || f === "users+/exportUsers.ts") return "employees.list";
  if (f === "users+/get-for-comapny.ts") return "schedule";
  // The service worker's list of pages to keep for reading offline (issue #22) follows the schedule.
  if (f === "offline+/visits.ts") return "schedule";
  if (f === "users+/current.ts") return "home";
  if (f === "users+/shadow-log-out.ts") return "stopImpersonating";
  if (f === "users+/$id.shadow-log-in.ts") return "adminPanel.company";
  if (f.startsWith("tags+/")) return "settings.tags";
  if (f.startsWith("company+/lead-sources")) return "settings.leadSources";
  if (f.startsWith("company+/expense-code")) return "settings.expenseCodes";
  if (f.startsWith("company+/discount") || f.startsWith("company+/taxRate")) return "discountsTaxRates";
  if (f.startsWith("company+/admin+/")) return "adminPanel.companies";
  if (f === "company+/_layout.ts" || f === "company+/logo.ts") return "companyProfile";
  if (f === "company+/zapier-api-key.ts") return "integrations";
  if (f === "company-settings+/_layout.ts") return "settings.index";
  if (f === "company-settings+/messages-on-invoice-and-estimate.ts") return "settings.messages";
  if (f.startsWith("company-settings+/routing")) return "routing";
  if (/^company-settings\+\/(custom-message|default-message)/.test(f)) return "communication";
  // A GET of the dismiss call answers as an unknown API path does.
  if (f === "company-settings+/onboarding.$actionType.ts" && kind === "loader") return "notFound";
  if (f.startsWith("company-settings+/onboarding")) return "onboardingDismiss";
  // The price book's reads that the job form's item picker makes follow the job form (a field tech gets no cost).
  const pickerReads = [
    "price-lists+/_layout.ts",
    "price-lists+/$id.ts",
    "price-lists+/items.ts",
    "price-lists+/items.page.ts",
    "price-lists+/$id.items.page.ts",
  ];
  if (pickerReads.includes(f) && kind === "loader") return "jobs.new";
  if (f.startsWith("price-lists+/")) return "priceBook.list";
  if (f.startsWith("service-plans+/")) return "servicePlans.offered";
  // Campaigns: the wizard's calls (save, audience) follow the wizard, the rest the details page.
  if (f === "follow-up-campaigns+/audience.ts" || (f === "follow-up-campaigns+/_layout.ts" && kind === "action"))
    return method === "PUT" ? "campaigns.edit" : "campaigns.new";
  if (f.startsWith("follow-up-campaigns+/")) return "campaigns.details";
  // Two-way text: the registration's calls follow the settings pages, the rest the inbox.
  if (f.startsWith("text-messaging+/a2p-draft-profile") || f.startsWith("text-messaging+/phone-numbers"))
    return "twoWayTextSettings";
  if (f.startsWith("text-messaging+/")) return "inbox";
  return undefined;
}

const params = { id: "1", tagId: "1", sourceId: "1", actionType: "1", placeId: "p1", "*": "x" };

/** The entry a route function named first; null when it answered without naming one. */
async function entryNamed(
  run: (args: { request: Request; params: typeof params; context: object }) => unknown,
  method: string,
): Promise<RouteRule | undefined | null> {
  const request = new Request("http://localhost/api/x", {
    method,
    headers: { "Content-Type": "application/json" },
    body: method === "GET" ? undefined : "{}",
  });
  try {
    await run({ request, params, context: naming() });
  } catch (thrown) {
    if (thrown instanceof Named) return thrown.entry;
  }
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
        for (const method of kind === "loader" ? ["GET"] : ["POST", "PUT", "PATCH", "DELETE"]) {
          const entry = await entryNamed(run as never, method);
          expect(entry, `${file} ${method}: the access check comes first`).not.toBeNull();
          const named = screenOf(file, kind, method);
          expect(entry?.name, `${file} ${method} follows screens.${named}`).toBe(named);
          expect(routeTable).toContain(entry);
        }
      });
    }
  }
});

describe("the areas where screen and API used to differ", () => {
  it("names each entry once, by the path to it in screens", () => {
    expect(screens.priceBook.list.name).toBe("priceBook.list");
    expect(routeTable.find((rule) => rule.pattern === "/price-book")).toBe(screens.priceBook.list);
    expect(new Set(routeTable.map((rule) => rule.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((rule) => rule.pattern)).size).toBe(routeTable.length);
  });

  it("a tag picker follows the form that picks that type of tag (GET tags/by-type?type=)", async () => {
    const { loader } = await import("~/routes/api+/tags+/by-type");
    const forms = {
      0: "customers.new",
      1: "jobs.new",
      2: "estimates.new",
      3: "employees.new",
      4: "invoices.list",
    } as Record<number, string>;
    for (const [type, screen] of Object.entries(forms)) {
      let seen: unknown;
      await Promise.resolve(
        loader({
          request: new Request(`http://localhost/api/tags/by-type?type=${type}`),
          params: {},
          context: naming(),
        }),
      ).catch((e) => (seen = e));
      expect(seen).toBeInstanceOf(Named);
      expect((seen as Named).entry?.name, `type ${type}`).toBe(screen);
    }
  });

  it.each([
    ["expense codes", "company+/expense-codes.ts", "settings.expenseCodes"],
    [
      "messages on invoices and estimates",
      "company-settings+/messages-on-invoice-and-estimate.ts",
      "settings.messages",
    ],
    ["the company record", "company+/_layout.ts", "companyProfile"],
    ["the price book", "price-lists+/items.$id.ts", "priceBook.list"],
  ])("%s: the API's roles are the screen's", (_area, file, screen) => {
    expect(screenOf(`app/routes/api+/${file}`, "action")).toBe(screen);
    expect(screenOf(`app/routes/api+/${file}`, "loader")).toBe(screen);
  });
});
