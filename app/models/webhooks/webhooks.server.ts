import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { RuleError } from "~/models/rules";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "~/models/webhooks/event-types";
import { generateWebhookSecret } from "~/models/webhooks/signature.server";
import { webhookUrlProblem } from "~/models/webhooks/url-safety.server";
import type { WebhookEndpointInput } from "~/models/webhooks/webhooks.schema";

/** Endpoints per company (a guard against runaway lists, not a plan limit: every plan has webhooks). */
export const MAX_ENDPOINTS = 20;
export const DELIVERY_PAGE_SIZE = 25;

const newEventId = () => `evt_${randomUUID().replace(/-/g, "")}`;

function payloadOf(eventId: string, type: string, companyId: number, data: Record<string, unknown>) {
  return { id: eventId, type, createdAt: new Date().toISOString(), companyId, data };
}

/**
 * The outbox write of an event: one pending delivery per enabled endpoint of the company that
 * subscribes to `type`, in the caller's transaction, so the event exists exactly when the change
 * it reports committed. The delivery job sends it afterwards.
 */
export async function recordWebhookEvent(
  tx: Executor,
  companyId: number,
  type: WebhookEventType,
  data: Record<string, unknown> | (() => Promise<Record<string, unknown> | null>),
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.isEnabled, true)));
  const subscribed = endpoints.filter((e) => e.eventTypes.length === 0 || e.eventTypes.includes(type));
  if (subscribed.length === 0) return null;
  // A loader reads the record only when someone listens.
  const values = typeof data === "function" ? await data() : data;
  if (!values) return null;
  const eventId = newEventId();
  const payload = payloadOf(eventId, type, companyId, values);
  await tx
    .insert(webhookDeliveries)
    .values(subscribed.map((e) => ({ companyId, endpointId: e.id, eventId, eventType: type, payload })));
  return eventId;
}

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  isEnabled: webhookEndpoints.isEnabled,
  createdAt: webhookEndpoints.createdAt,
};

const ownEndpoint = (ctx: CallerContext, id: number) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, ctx.companyId));

export function listWebhookEndpoints(ctx: CallerContext) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, ctx.companyId))
    .orderBy(webhookEndpoints.id);
}

/** One endpoint with its secret (the endpoint's page reveals it to the company admin), or null. */
export async function getWebhookEndpoint(ctx: CallerContext, id: number) {
  const [row] = await db
    .select({ ...endpointColumns, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(ownEndpoint(ctx, id))
    .limit(1);
  return row ?? null;
}

export async function createWebhookEndpoint(ctx: CallerContext, input: WebhookEndpointInput): Promise<number> {
  const problem = webhookUrlProblem(input.url);
  if (problem) throw new RuleError({ url: problem });
  return db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, ctx.companyId));
    if (n >= MAX_ENDPOINTS) throw new RuleError({ url: `A company can have up to ${MAX_ENDPOINTS} endpoints` });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: ctx.companyId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        secret: generateWebhookSecret(),
      })
      .returning({ id: webhookEndpoints.id });
    return row.id;
  });
}

/** A new secret at once; the old one stops signing (integrators update their receiver). */
export async function rotateWebhookSecret(ctx: CallerContext, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ secret: generateWebhookSecret() })
    .where(ownEndpoint(ctx, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function setWebhookEndpointEnabled(ctx: CallerContext, id: number, isEnabled: boolean) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ isEnabled })
    .where(ownEndpoint(ctx, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Deletes the endpoint and its delivery log (the deliveries go with it). */
export async function deleteWebhookEndpoint(ctx: CallerContext, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(ownEndpoint(ctx, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A `webhook.test` event to this endpoint only (also when disabled: the admin asked for it). */
export async function sendTestWebhookEvent(ctx: CallerContext, id: number): Promise<string | null> {
  const endpoint = await getWebhookEndpoint(ctx, id);
  if (!endpoint) return null;
  const eventId = newEventId();
  await db.insert(webhookDeliveries).values({
    companyId: ctx.companyId,
    endpointId: id,
    eventId,
    eventType: WEBHOOK_TEST_EVENT,
    payload: payloadOf(eventId, WEBHOOK_TEST_EVENT, ctx.companyId, { message: "This is a test event" }),
  });
  return eventId;
}

/**
 * Sends one delivery again with the full retry schedule, under the same event id (receivers that
 * already have it dedupe). Not while it is being sent. False when not the company's.
 */
export async function resendWebhookDelivery(ctx: CallerContext, endpointId: number, deliveryId: number) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.companyId, ctx.companyId),
        sql`${webhookDeliveries.status} <> 'delivering'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/**
 * A page of the endpoint's delivery log, newest first, after the delivery `before` (keyset on the
 * company index; the cursor row's own time is read in the database, so no precision is lost).
 */
export async function listWebhookDeliveries(
  ctx: CallerContext,
  endpointId: number,
  before: number | null = null,
  pageSize = DELIVERY_PAGE_SIZE,
) {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, ctx.companyId),
        eq(webhookDeliveries.endpointId, endpointId),
        before
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (select d.created_at, d.id from webhook_deliveries d where d.id = ${before} and d.company_id = ${ctx.companyId})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { deliveries: page, next: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null };
}
