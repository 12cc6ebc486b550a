import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, tz, updatedAt } from "./columns";
import { companies } from "./core";
import { customers } from "./customers";
import { companyKey, companyRow } from "./refs";

/** What a company's customers may do in the portal, and its look (one row per company, made on first save). */
export const customerPortalSettings = pgTable("customer_portal_settings", {
  companyId: companyKey(),
  isEnabled: boolean("is_enabled").notNull().default(false),
  canApproveEstimates: boolean("can_approve_estimates").notNull().default(true),
  canPayInvoices: boolean("can_pay_invoices").notNull().default(true),
  canSeeVisits: boolean("can_see_visits").notNull().default(true),
  canRequestWork: boolean("can_request_work").notNull().default(true),
  canManageCards: boolean("can_manage_cards").notNull().default(false),
  /** The portal's accent colour (#rrggbb); null: the product's. */
  accentColor: text("accent_color"),
  /** A short greeting on the portal's home page. */
  welcomeMessage: text("welcome_message"),
  updatedAt: updatedAt(),
});

/**
 * A password-free sign-in link sent to a customer: only the SHA-256 of its token is stored; it
 * works once (used_at) and until expires_at.
 */
export const portalSignInLinks = pgTable(
  "portal_sign_in_links",
  {
    ...companyRow(),
    customerId: ownedBy("customer_id", () => customers.id),
    tokenHash: text("token_hash").notNull(),
    /** "email" or "text": where it was sent. */
    channel: text("channel").notNull(),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("portal_sign_in_links_token_unique").on(t.tokenHash),
    index("portal_sign_in_links_customer_idx").on(t.customerId, t.createdAt),
  ],
);

/**
 * A customer's portal session (the client scope): its own cookie names the SHA-256 of the
 * session token; it never carries a staff user.
 */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    /** SHA-256 (hex) of the cookie's token. */
    id: text("id").primaryKey(),
    companyId: ownedBy("company_id", () => companies.id),
    customerId: ownedBy("customer_id", () => customers.id),
    expiresAt: tz("expires_at").notNull(),
    lastSeenAt: tz("last_seen_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("portal_sessions_customer_idx").on(t.customerId), index("portal_sessions_expires_idx").on(t.expiresAt)],
);
