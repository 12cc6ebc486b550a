import { PlanFeature, AppFeature } from "~/access/features";
import { ALL_ROLES, BROAD_ROLES, MANAGER_ROLES, SUPER_ADMIN_ONLY, type RoleValue } from "~/access/roles";

/** An entry of the route table: a screen (or a page the server answers) and who may open it. */
export type RouteRule = {
  /** The entry's name in `screens` ("customers.list"), given once the table is built. */
  name: string;
  pattern: string;
  /** client: the customer portal, behind a portal session (its own cookie and scope, never a staff user). */
  kind: "guest" | "public" | "private" | "client";
  roles?: readonly RoleValue[];
  planFeatures?: readonly number[];
  appFeatures?: readonly number[];
  /** Two-way text also needs the company's feature-enabled setting. */
  needsTwoWayTextEnabled?: boolean;
};

const guest = (pattern: string): RouteRule => ({ name: "", pattern, kind: "guest" });
const open = (pattern: string): RouteRule => ({ name: "", pattern, kind: "public" });
const signedIn = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({
  name: "",
  pattern,
  kind: "private",
  roles: ALL_ROLES,
  ...extra,
});
const broad = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({
  name: "",
  pattern,
  kind: "private",
  roles: BROAD_ROLES,
  ...extra,
});
const manager = (pattern: string, extra: Partial<RouteRule> = {}): RouteRule => ({
  name: "",
  pattern,
  kind: "private",
  roles: MANAGER_ROLES,
  ...extra,
});
const client = (pattern: string): RouteRule => ({ name: "", pattern, kind: "client" });
const superAdmin = (pattern: string): RouteRule => ({ name: "", pattern, kind: "private", roles: SUPER_ADMIN_ONLY });

const campaignsFeature = { appFeatures: [AppFeature.Campaigns] };
const formsFeature = { planFeatures: [PlanFeature.FormsAndChecklists] };
const servicePlans = { planFeatures: [PlanFeature.RecurringServicePlans] };
const twoWayText = {
  planFeatures: [PlanFeature.TwoWayText],
  appFeatures: [AppFeature.TwoWayText],
  needsTwoWayTextEnabled: true,
};

/**
 * The table, by name: every loader, action and API route names its entry
 * (`requireAccess({ request, context }, screens.customers.list)`); an API call names its screen's.
 * (Not `access`: that is the signed-in user's access in every loader.) Written in the order
 * findRouteRule breaks ties in (the first of equally specific patterns wins).
 */
export const screens = {
  // Sign-in pages
  auth: {
    login: guest("/login"),
    signup: guest("/signup"),
    forgot: guest("/forgot"),
    reset: guest("/reset"),
  },
  // Public, customer-facing pages (tokens, never sequential ids)
  visitDetails: open("/service-visit-details/:token"),
  payments: {
    succeeded: open("/paymentSucceeded/:invoiceNumber"),
    failed: open("/paymentFailed/:invoiceNumber"),
    message: open("/paymentMessage/:messageType"),
  },
  servicePlanDetails: open("/service-plan-details/:token"),
  estimateDetails: open("/estimate-details/:token"),
  invoiceDetails: open("/invoice-details/:token"),
  cards: {
    redirectToStripe: open("/redirect-to-stripe/:sessionId/:connectedAccountId"),
    addMobile: open("/add-card-mobile/:customerId/:connectedAccountId"),
    addedMobile: open("/success-add-card-mobile"),
  },
  onlineBooking: open("/online-booking/:formUrl"),
  apiDocumentation: open("/api-documentation"),
  publicForm: open("/company-public-forms/:companyId/:entityType/:entityId/form/:formId"),
  // A checklist read-only, by its token (:token is the assigned checklist's public token)
  publicChecklists: {
    job: open("/jobs/public-checklist/:companyId/:jobId/:token"),
    estimate: open("/estimates/public-checklist/:companyId/:estimateId/:token"),
  },
  // The customer portal: a sign-in link asked for and used openly, the rest in the client scope
  portal: {
    signIn: open("/portal/:companyId/sign-in"),
    link: open("/portal/sign-in/:token"),
    home: client("/portal"),
    visits: client("/portal/visits"),
    estimates: client("/portal/estimates"),
    invoices: client("/portal/invoices"),
    servicePlans: client("/portal/service-plans"),
    requestWork: client("/portal/request-work"),
    cards: client("/portal/cards"),
    signOut: client("/portal/sign-out"),
  },
  notFound: open("/404"),
  logout: open("/logout"),
  devOutbox: open("/dev/outbox"), // its loader answers 404 to all but a signed-in super admin in development without SMTP_URL
  // Outside services calling back: Twilio's signed webhooks and the email open-tracking image
  webhooks: {
    twilioStatus: open("/api/webhooks/twilio/status"),
    twilioIncoming: open("/api/webhooks/twilio/incoming"),
    stripe: open("/api/webhooks/stripe"),
    stripeBilling: open("/api/webhooks/stripe-billing"),
  },
  emailOpened: open("/email/open/:token"),
  // A user's calendar feed (ICS) by its private token, polled by calendar apps
  calendarFeed: open("/calendar/:token/visits.ics"),
  // Real-time hubs (SignalR protocol, app/services/realtime): the private hub needs a session
  hubs: {
    public: open("/hubs/public"),
    private: signedIn("/hubs/private"),
  },
  // Stored files: public folders by their unguessable URL, the others to the owning company (routes/files+/$.ts)
  files: open("/files/:companyId/*"),
  // Any signed-in user
  home: signedIn("/"),
  jobs: {
    list: signedIn("/jobs"),
    new: signedIn("/jobs/new"),
    details: signedIn("/jobs/:id"),
    edit: signedIn("/jobs/:id/edit"),
    schedule: signedIn("/jobs/:jobId/schedule"),
  },
  // Filling in a job's or an estimate's checklist; every checklist call of the API names these
  checklists: {
    job: signedIn("/jobs/:id/checklist/:checklistId", formsFeature),
    estimate: signedIn("/estimates/:id/checklist/:checklistId", formsFeature),
  },
  estimates: {
    list: signedIn("/estimates"),
    new: signedIn("/estimates/new"),
    details: signedIn("/estimates/:id"),
    edit: signedIn("/estimates/:id/edit"),
    schedule: signedIn("/estimates/:estimateId/schedule"),
  },
  schedule: signedIn("/schedule"),
  assignServicePlan: signedIn("/assign-service-plan/:customerId?", servicePlans),
  // The spec opens these to any signed-in user; the audience step lists the customers, which a
  // field tech may not see, so they take the customer list's roles (docs/decisions/062).
  campaigns: {
    new: broad("/communication/custom-campaigns/new", campaignsFeature),
    details: broad("/communication/custom-campaigns/:id", campaignsFeature),
    edit: broad("/communication/custom-campaigns/:id/edit", campaignsFeature),
  },
  customerServicePlans: signedIn("/service-plans/customer-service-plans", servicePlans),
  customerServicePlanDetails: signedIn("/service-plans/customer-service-plans/:id", servicePlans),
  inbox: signedIn("/inbox", twoWayText),
  stopImpersonating: signedIn("/account/stop-impersonating"),
  calendarFeedSettings: signedIn("/calendar-feed"),
  // Manager-level roles
  employees: {
    list: manager("/employees"),
    new: manager("/employees/new"),
    details: manager("/employees/:id"),
  },
  integrations: manager("/integrations"),
  webhookEndpoints: { details: manager("/integrations/webhooks/:id") },
  accountingExport: {
    invoicesCsv: manager("/integrations/invoices.csv"),
    paymentsCsv: manager("/integrations/payments.csv"),
  },
  quickBooks: {
    page: manager("/integrations/quickbooks", { planFeatures: [PlanFeature.AccountingSync] }),
    callback: manager("/integrations/quickbooks/callback", { planFeatures: [PlanFeature.AccountingSync] }),
  },
  forms: {
    list: manager("/forms", formsFeature),
    new: manager("/forms/new", formsFeature),
    details: manager("/forms/:id", formsFeature),
  },
  priceBook: {
    list: manager("/price-book"),
    pages: manager("/price-book/*"),
  },
  discountsTaxRates: manager("/discounts-tax-rates"),
  communication: manager("/communication", { planFeatures: [PlanFeature.CustomizedMessages] }),
  billing: manager("/billing"),
  myMoney: manager("/my-money"),
  stripeOnboarding: {
    finish: manager("/finish-stripe-onboarding"),
    finishOauth: manager("/finish-stripe-oauth-onboarding"),
  },
  companyProfile: manager("/company-profile"),
  customerPortal: manager("/customer-portal"),
  onlineBookingSettings: manager("/online-booking-settings"),
  routing: manager("/routing"),
  templates: {
    list: manager("/templates"),
    new: manager("/templates/:entityType/new"),
    details: manager("/templates/:id"),
  },
  twoWayTextSettings: manager("/two-way-text-settings/*", { appFeatures: [AppFeature.TwoWayText] }),
  // The broader role set
  customers: {
    list: broad("/customers"),
    new: broad("/customers/new"),
    import: broad("/customers/import"),
    details: broad("/customers/:id"),
    edit: broad("/customers/:id/edit"),
  },
  servicePlans: {
    list: broad("/service-plans", servicePlans),
    offered: broad("/service-plans/plans-we-offer", servicePlans),
    details: broad("/service-plan/:id", servicePlans),
  },
  expenseTracking: broad("/expense-tracking", { appFeatures: [AppFeature.Expenses] }),
  settings: {
    index: broad("/settings"),
    other: broad("/settings/*"),
    tags: broad("/settings/tags"),
    leadSources: broad("/settings/lead-sources"),
    expenseCodes: broad("/settings/expense-codes"),
    messages: broad("/settings/messages"),
    reminders: manager("/settings/reminders", { planFeatures: [PlanFeature.Reminders] }),
  },
  dashboard: broad("/dashboard"),
  reports: {
    list: broad("/reports"),
    sales: broad("/report-sales"),
    salesCsv: broad("/report-sales/csv"),
  },
  bookingRequests: {
    list: broad("/booking-requests"),
    past: broad("/booking-requests/past"),
    details: broad("/booking-requests/:id"),
  },
  invoices: {
    list: broad("/invoices"),
    new: broad("/invoices/new"),
    details: broad("/invoices/:invoiceId"),
    edit: broad("/invoices/:invoiceId/edit"),
  },
  activityFeed: broad("/activity-feed"),
  onboardingDismiss: broad("/onboarding/:actionType/dismiss"),
  // Super admin only
  adminPanel: {
    companies: superAdmin("/admin-panel"),
    company: superAdmin("/admin-panel/company-details/:id"),
    companyTwilio: superAdmin("/admin-panel/company-twilio-details/:id"),
    impersonationLog: superAdmin("/admin-panel/impersonation-log"),
    plans: superAdmin("/admin-panel/plans"),
  },
};

type Names = { [name: string]: RouteRule | Names };
const isRule = (value: RouteRule | Names): value is RouteRule => typeof (value as RouteRule).pattern === "string";

function entries(names: Names, prefix = ""): RouteRule[] {
  return Object.entries(names).flatMap(([key, value]) => {
    if (!isRule(value)) return entries(value, `${prefix}${key}.`);
    value.name = `${prefix}${key}`;
    return [Object.freeze(value)];
  });
}

/**
 * Every screen of the product with who may open it, named above. The server enforces it in every
 * loader and action (requireAccess with the route's entry); navigation is derived from it too.
 * kind: guest = sign-in pages (a signed-in user goes home), public = open to anyone,
 * private = needs a session and passes roles and features.
 */
export const routeTable: readonly RouteRule[] = entries(screens);

const rulesByName = new Map(routeTable.map((rule) => [rule.name, rule]));

/** Whether a value is an entry of the table (what the access checks accept). */
export const isRouteEntry = (value: unknown): value is RouteRule =>
  !!value && rulesByName.get((value as RouteRule).name) === value;

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
