import { PlanFeature, AppFeature } from "~/access/features";
import { ALL_ROLES, BROAD_ROLES, MANAGER_ROLES, SUPER_ADMIN_ONLY, type RoleValue } from "~/access/roles";

/**
 * Every screen of the product with who may open it. The server enforces this table in every
 * loader and action (requireAccess); navigation is derived from it too.
 * kind: guest = sign-in pages (a signed-in user goes home), public = open to anyone,
 * private = needs a session and passes roles and features.
 */
export type RouteRule = {
  pattern: string;
  kind: "guest" | "public" | "private";
  roles?: readonly RoleValue[];
  planFeatures?: readonly number[];
  appFeatures?: readonly number[];
  /** Two-way text also needs the company's feature-enabled setting. */
  needsTwoWayTextEnabled?: boolean;
};

const guest = (pattern: string): RouteRule => ({ pattern, kind: "guest" });
const open = (pattern: string): RouteRule => ({ pattern, kind: "public" });
const signedIn = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({ pattern, kind: "private", roles: ALL_ROLES, ...extra });
const broad = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({ pattern, kind: "private", roles: BROAD_ROLES, ...extra });
const manager = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({ pattern, kind: "private", roles: MANAGER_ROLES, ...extra });
const superAdmin = (pattern: string): RouteRule => ({ pattern, kind: "private", roles: SUPER_ADMIN_ONLY });

const servicePlans = { planFeatures: [PlanFeature.RecurringServicePlans] };
const twoWayText = { planFeatures: [PlanFeature.TwoWayText], appFeatures: [AppFeature.TwoWayText], needsTwoWayTextEnabled: true };

export const routeTable: readonly RouteRule[] = [
  // Sign-in pages
  guest("/login"),
  guest("/signup"),
  guest("/forgot"),
  guest("/reset"),
  // Public, customer-facing pages (tokens, never sequential ids)
  open("/service-visit-details/:token"),
  open("/paymentSucceeded/:invoiceNumber"),
  open("/paymentFailed/:invoiceNumber"),
  open("/paymentMessage/:messageType"),
  open("/service-plan-details/:token"),
  open("/redirect-to-stripe/:sessionId/:connectedAccountId"),
  open("/add-card-mobile/:customerId/:connectedAccountId"),
  open("/success-add-card-mobile"),
  open("/online-booking/:formUrl"),
  open("/api-documentation"),
  open("/company-public-forms/:companyId/:entityType/:entityId/form/:formId"),
  open("/404"),
  open("/logout"),
  open("/dev/outbox"), // its loader answers 404 to all but a signed-in super admin in development without SMTP_URL
  // Any signed-in user
  signedIn("/"),
  signedIn("/jobs"),
  signedIn("/jobs/new"),
  signedIn("/jobs/:id"),
  signedIn("/jobs/:id/edit"),
  signedIn("/jobs/:jobId/schedule"),
  signedIn("/estimates"),
  signedIn("/estimates/new"),
  signedIn("/estimates/:id"),
  signedIn("/estimates/:estimateId/schedule"),
  signedIn("/schedule"),
  signedIn("/assign-service-plan/:customerId?", servicePlans),
  signedIn("/communication/custom-campaigns/new"),
  signedIn("/communication/custom-campaigns/:id"),
  signedIn("/communication/custom-campaigns/:id/edit"),
  signedIn("/service-plans/customer-service-plans", servicePlans),
  signedIn("/inbox", twoWayText),
  signedIn("/account/stop-impersonating"),
  // Manager-level roles
  manager("/employees"),
  manager("/employees/new"),
  manager("/employees/:id"),
  manager("/integrations"),
  manager("/forms"),
  manager("/price-book"),
  manager("/price-book/*"),
  manager("/discounts-tax-rates"),
  manager("/communication", { planFeatures: [PlanFeature.CustomizedMessages] }),
  manager("/billing"),
  manager("/my-money"),
  manager("/finish-stripe-onboarding"),
  manager("/finish-stripe-oauth-onboarding"),
  manager("/company-profile"),
  manager("/customer-portal"),
  manager("/online-booking-settings"),
  manager("/routing"),
  manager("/templates"),
  manager("/templates/:entityType/new"),
  manager("/templates/:id"),
  manager("/two-way-text-settings/*", { appFeatures: [AppFeature.TwoWayText] }),
  // The broader role set
  broad("/customers"),
  broad("/customers/new"),
  broad("/customers/import"),
  broad("/customers/:id"),
  broad("/customers/:id/edit"),
  broad("/service-plans", servicePlans),
  broad("/service-plans/plans-we-offer", servicePlans),
  broad("/service-plan/:id", servicePlans),
  broad("/expense-tracking"),
  broad("/settings"),
  broad("/settings/*"),
  broad("/settings/tags"),
  broad("/settings/lead-sources"),
  broad("/settings/expense-codes"),
  broad("/settings/messages"),
  broad("/dashboard"),
  broad("/reports"),
  broad("/report-sales"),
  broad("/booking-requests"),
  broad("/booking-requests/past"),
  broad("/booking-requests/:id"),
  broad("/invoices"),
  broad("/invoices/:invoiceId"),
  broad("/activity-feed"),
  broad("/onboarding/:actionType/dismiss"),
  // Super admin only
  superAdmin("/admin-panel"),
  superAdmin("/admin-panel/company-details/:id"),
  superAdmin("/admin-panel/company-twilio-details/:id"),
  superAdmin("/admin-panel/impersonation-log"),
];

function segments(path: string) {
  return path.split("/").filter(Boolean);
}

function matchSegments(want: string[], have: string[]): boolean {
  for (let i = 0; i < want.length; i++) {
    const part = want[i];
    if (part === "*") return have.length >= i;
    if (part.endsWith("?")) return have.length === i || (have.length === i + 1 && i === want.length - 1);
    if (i >= have.length) return false;
    if (!part.startsWith(":") && part !== have[i]) return false;
  }
  return want.length === have.length;
}

/** A parameter matches one path segment; a trailing * matches the rest; :param? is optional. */
export function matchPattern(pattern: string, pathname: string): boolean {
  return matchSegments(segments(pattern), segments(pathname));
}

// Split and scored once: every request looks up its own rule and the navigation's.
const compiledRules = routeTable.map((rule) => {
  const want = segments(rule.pattern);
  return { rule, want, score: want.reduce((s, p) => s + (p === "*" ? 0 : p.startsWith(":") ? 1 : 3), 0) };
});
const rulesByPath = new Map<string, RouteRule | undefined>();

/** A request's path as the route table names it: no trailing slash, "/" for the root. */
export function routePath(url: URL): string {
  return url.pathname.replace(/\/+$/, "") || "/";
}

/** The rule for a path: the most specific match (static segments beat parameters). */
export function findRouteRule(pathname: string): RouteRule | undefined {
  if (rulesByPath.has(pathname)) return rulesByPath.get(pathname);
  const have = segments(pathname);
  let best: (typeof compiledRules)[number] | undefined;
  for (const compiled of compiledRules) {
    if (matchSegments(compiled.want, have) && (!best || compiled.score > best.score)) best = compiled;
  }
  // Paths carry record ids, so the memo is bounded.
  if (rulesByPath.size >= 5000) rulesByPath.clear();
  rulesByPath.set(pathname, best?.rule);
  return best?.rule;
}

/** The spec's public-path rule: a path is public when it matches a non-private route. */
export function isPublicPath(pathname: string): boolean {
  const rule = findRouteRule(pathname);
  return !!rule && rule.kind !== "private";
}

const rulesByPattern = new Map(routeTable.map((rule) => [rule.pattern, rule]));

/**
 * The entry of a screen by its pattern as written in the table (not a path to match): an API call
 * names its screen's entry, so a screen and the call behind the same data follow one rule.
 */
export function routeRule(pattern: string): RouteRule {
  const rule = rulesByPattern.get(pattern);
  if (!rule) throw new Error(`No route-table entry with the pattern ${pattern}`);
  return rule;
}
