import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** Stripe-like price id, used by the admin panel filter (priceId). */
  priceId: text("price_id").notNull().unique(),
  employeeLimit: integer("employee_limit").notNull(),
  monthlyPriceCents: integer("monthly_price_cents").notNull(),
  billingPeriod: integer("billing_period").notNull().default(3),
});

export const planFeatures = pgTable(
  "plan_features",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    featureId: integer("feature_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.featureId] })],
);

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    businessName: text("business_name").notNull(),
    email: text("email"),
    businessPhoneNumber: text("business_phone_number"),
    businessWebsite: text("business_website"),
    industry: integer("industry"),
    companySize: integer("company_size"),
    mainInterests: text("main_interests"),
    location: text("location"),
    geoData: jsonb("geo_data").$type<{ placeId?: string; latitude: number; longitude: number } | null>(),
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
    createdAt: createdAt(),
  },
  (t) => [index("companies_business_name_idx").on(t.businessName), index("companies_created_at_idx").on(t.createdAt)],
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
    trialExpiration: timestamp("trial_expiration", { withTimezone: true }),
    expirationDate: timestamp("expiration_date", { withTimezone: true }),
    hasPaymentMethod: boolean("has_payment_method").notNull().default(false),
  },
  (t) => [index("subscriptions_plan_status_idx").on(t.planId, t.status)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
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
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId, t.lastName, t.firstName),
    index("users_company_phone_idx").on(t.companyId, t.mainPhoneNumber),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set while a super admin acts as userId (shadow log-in). */
    impersonatorUserId: integer("impersonator_user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Moved forward (at most once a minute) by requests; a session idle past the idle timeout ends. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
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
    id: serial("id").primaryKey(),
    impersonatorUserId: integer("impersonator_user_id").references(() => users.id, { onDelete: "set null" }),
    impersonatorName: text("impersonator_name").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** shadow_log_in, change, shadow_log_out */
    action: text("action", { enum: ["shadow_log_in", "change", "shadow_log_out"] }).notNull(),
    method: text("method"),
    path: text("path"),
    /** The form's intent or the fields sent (names only, never values). */
    details: text("details"),
    status: integer("status"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
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
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["two_factor", "password_reset"] }).notNull(),
    secretHash: text("secret_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verifications_user_kind_idx").on(t.userId, t.kind),
    uniqueIndex("verifications_secret_unique").on(t.secretHash),
  ],
);

/** Email and text messages: the local delivery channel and the record of every send. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    /** Idempotency key: a retried send with the same key is not sent again. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["stored", "sent", "failed"] })
      .notNull()
      .default("stored"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("outbox_dedupe_unique").on(t.dedupeKey), index("outbox_created_idx").on(t.createdAt)],
);

/** Onboarding tip bubbles the user dismissed, per company and action type. */
export const onboardingDismissals = pgTable(
  "onboarding_dismissals",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    actionType: integer("action_type").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.actionType] })],
);

/** Tags of every type (customer, job, estimate, employee, ...). */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: integer("type").notNull(),
  },
  (t) => [uniqueIndex("tags_company_type_name_unique").on(t.companyId, t.type, sql`lower(${t.name})`)],
);

export const leadSources = pgTable(
  "lead_sources",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lead_sources_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
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
