import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, geoData, ownedBy, tz, updatedAt } from "./columns";
import { companyKey, companyRow } from "./refs";

/**
 * Route optimisation settings (one row per company, made on first save): what the solver puts
 * first, and where every technician's day starts and ends (the company's address when empty).
 */
export const routingSettings = pgTable("routing_settings", {
  companyId: companyKey(),
  isEnabled: boolean("is_enabled").notNull().default(false),
  /** What the solver puts first (the routing model's priorities). */
  priority: integer("priority").notNull().default(0),
  startAddress: text("start_address"),
  startGeoData: geoData("start_geo_data"),
  endAddress: text("end_address"),
  endGeoData: geoData("end_geo_data"),
  updatedAt: updatedAt(),
});

/**
 * An integrator's address that receives the company's events (outgoing webhooks), signed with its
 * secret. `eventTypes` empty means every event.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    ...companyRow(),
    url: text("url").notNull(),
    description: text("description"),
    /** The signing secret (shown to the company admin, sent to nobody). */
    secret: text("secret").notNull(),
    eventTypes: jsonb("event_types").$type<string[]>().notNull().default([]),
    isEnabled: boolean("is_enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_company_idx").on(t.companyId, t.id)],
);

/**
 * One event for one endpoint: written in the transaction of the change it reports (an outbox), then
 * sent and retried with backoff by the queue; `eventId` is the idempotency key integrators dedupe on.
 * status: pending, delivering (claimed), delivered, failed (retries exhausted).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    ...companyRow(),
    endpointId: ownedBy("endpoint_id", () => webhookEndpoints.id),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivering", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: tz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_unique").on(t.endpointId, t.eventId),
    index("webhook_deliveries_company_idx").on(t.companyId, t.createdAt, t.id),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** A company's QuickBooks Online connection (one row per company): realm and OAuth tokens. */
export const quickBooksConnections = pgTable("quick_books_connections", {
  companyId: companyKey(),
  realmId: text("realm_id").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  accessTokenExpiresAt: tz("access_token_expires_at").notNull(),
  companyName: text("company_name"),
  lastSyncedAt: tz("last_synced_at"),
  createdAt: createdAt(),
});

/**
 * What was sent to QuickBooks: one row per local record (customer, invoice, payment) with its
 * QuickBooks id and SyncToken, so a second sync updates instead of creating twice.
 */
export const quickBooksLinks = pgTable(
  "quick_books_links",
  {
    ...companyRow(),
    entityType: text("entity_type", { enum: ["customer", "invoice", "payment"] }).notNull(),
    localId: integer("local_id").notNull(),
    quickBooksId: text("quick_books_id").notNull(),
    syncToken: text("sync_token"),
    syncedAt: tz("synced_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quick_books_links_local_unique").on(t.companyId, t.entityType, t.localId),
    index("quick_books_links_remote_idx").on(t.companyId, t.entityType, t.quickBooksId),
  ],
);

/** Each sync's outcome per record: what failed and why, for the company to fix. */
export const quickBooksSyncLog = pgTable(
  "quick_books_sync_log",
  {
    ...companyRow(),
    entityType: text("entity_type").notNull(),
    localId: integer("local_id"),
    outcome: text("outcome", { enum: ["created", "updated", "skipped", "failed"] }).notNull(),
    message: text("message"),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [index("quick_books_sync_log_company_idx").on(t.companyId, t.at, t.id)],
);
