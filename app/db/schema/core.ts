import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, geoData, id, lower, ownedBy, setNullRef, tz } from "./columns";

// The other schema files take these references from refs.ts, which imports this file.
const companyId = () => ownedBy("company_id", () => companies.id);
const userId = () => ownedBy("user_id", () => users.id);

export const plans = pgTable("plans", {
  id: id(),
  name: text("name").notNull(),
  /** Stripe-like price id, used by the admin panel filter (priceId). */
  priceId: text("price_id").notNull().unique(),
  employeeLimit: integer("employee_limit").notNull(),
  monthlyPriceCents: integer("monthly_price_cents").notNull(),
  billingPeriod: integer("billing_period").notNull().default(3),
  /** Offered on /billing; a retired plan keeps its subscribers. */
  isActive: boolean("is_active").notNull().default(true),
});

export const planFeatures = pgTable(
  "plan_features",
  {
    planId: ownedBy("plan_id", () => plans.id),
    featureId: integer("feature_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.featureId] })],
);

export const companies = pgTable(
  "companies",
  {
    id: id(),
    businessName: text("business_name").notNull(),
    email: text("email"),
    businessPhoneNumber: text("business_phone_number"),
    businessWebsite: text("business_website"),
    industry: integer("industry"),
    companySize: integer("company_size"),
    mainInterests: text("main_interests"),
    location: text("location"),
    geoData: geoData(),
    country: text("country").notNull().default("US"),
    timezone: text("timezone").notNull().default("America/New_York"),
    serviceAreaRadius: integer("service_area_radius"),
    businessProfile: text("business_profile"),
    licenseNumber: text("license_number"),
    logoUrl: text("logo_url"),
    followUpOption: integer("follow_up_option"),
    workingSchedule: jsonb("working_schedule").$type<Array<{
      day: number;
      isWorking: boolean;
      start: string;
      end: string;
    }> | null>(),
    isDemoRequested: boolean("is_demo_requested").notNull().default(false),
    /** Application feature flags: bits 1..2^25, set by the super admin. */
    featureFlags: integer("feature_flags").notNull().default(0),
    twoWayTextEnabled: boolean("two_way_text_enabled").notNull().default(false),
    messagingReady: boolean("messaging_ready").notNull().default(false),
    /** The company's Twilio number (E.164): texts go out from it and replies to it come back to it. */
    messagingPhoneNumber: text("messaging_phone_number"),
    createdAt: createdAt(),
  },
  (t) => [
    index("companies_business_name_idx").on(t.businessName),
    index("companies_created_at_idx").on(t.createdAt),
    uniqueIndex("companies_messaging_phone_unique").on(t.messagingPhoneNumber),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => plans.id),
    /** 0 free trial, 1 no plan, 2 active, 3 canceled */
    status: integer("status").notNull(),
    trialExpiration: tz("trial_expiration"),
    expirationDate: tz("expiration_date"),
    hasPaymentMethod: boolean("has_payment_method").notNull().default(false),
    /** Our own Stripe account's customer and subscription (Stripe Billing), set by Checkout's webhook. */
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** The Stripe subscription's own status (active, past_due, canceled, ...), as its last event said. */
    stripeStatus: text("stripe_status"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  },
  (t) => [index("subscriptions_plan_status_idx").on(t.planId, t.status)],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: companyId(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    mainPhoneNumber: text("main_phone_number"),
    /** 0 field tech, 1 office staff, 2 company admin, 3 super admin */
    role: integer("role").notNull(),
    color: text("color"),
    logoUrl: text("logo_url"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    defaultArrivalWindowOffset: integer("default_arrival_window_offset").notNull().default(0),
    /** The secret of the user's calendar feed URL (ICS); null until made, renewed to revoke. */
    calendarSyncToken: text("calendar_sync_token").unique(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(lower(t.email)),
    index("users_company_idx").on(t.companyId, t.lastName, t.firstName),
    index("users_company_phone_idx").on(t.companyId, t.mainPhoneNumber),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: userId(),
    /** Set while a super admin acts as userId (shadow log-in). */
    impersonatorUserId: integer("impersonator_user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    /** Moved forward (at most once a minute) by requests; a session idle past the idle timeout ends. */
    lastSeenAt: tz("last_seen_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * What a super admin did while acting as another user (shadow log-in): the log-in, every change
 * made meanwhile, and the log-out. Names are copied so the record outlives the users.
 */
export const impersonationLog = pgTable(
  "impersonation_log",
  {
    id: id(),
    impersonatorUserId: setNullRef("impersonator_user_id", () => users.id),
    impersonatorName: text("impersonator_name").notNull(),
    userId: setNullRef("user_id", () => users.id),
    userName: text("user_name").notNull(),
    companyId: setNullRef("company_id", () => companies.id),
    /** shadow_log_in, change, shadow_log_out */
    action: text("action", { enum: ["shadow_log_in", "change", "shadow_log_out"] }).notNull(),
    method: text("method"),
    path: text("path"),
    /** The form's intent or the fields sent (names only, never values). */
    details: text("details"),
    status: integer("status"),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [
    index("impersonation_log_at_idx").on(t.at, t.id),
    index("impersonation_log_company_at_idx").on(t.companyId, t.at),
  ],
);

/** Single-use secrets sent by email: two-factor codes and password reset links. Stored hashed. */
export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    userId: userId(),
    kind: text("kind", { enum: ["two_factor", "password_reset"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verifications_user_kind_idx").on(t.userId, t.kind),
    uniqueIndex("verifications_secret_unique").on(t.secretHash),
  ],
);

/** Onboarding tip bubbles the user dismissed, per company and action type. */
export const onboardingDismissals = pgTable(
  "onboarding_dismissals",
  {
    companyId: companyId(),
    actionType: integer("action_type").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.actionType] })],
);

/** Tags of every type (customer, job, estimate, employee, ...). */
export const tags = pgTable(
  "tags",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    type: integer("type").notNull(),
  },
  (t) => [uniqueIndex("tags_company_type_name_unique").on(t.companyId, t.type, lower(t.name))],
);

export const leadSources = pgTable(
  "lead_sources",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lead_sources_company_name_unique").on(t.companyId, lower(t.name))],
);

/** Rate-limit counters when the app runs on PostgreSQL (rate-limiter-flexible's table, made here so
 * concurrent first uses don't race to create it). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
