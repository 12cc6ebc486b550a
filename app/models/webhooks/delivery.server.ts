import http from "node:http";
import https from "node:https";
import { and, eq } from "drizzle-orm";
import { db, executeSql } from "~/db.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { signWebhook } from "~/models/webhooks/signature.server";
import { isProduction, publicOnlyLookup, webhookUrlProblem } from "~/models/webhooks/url-safety.server";

/**
 * The sender of webhook deliveries: claims due rows (FOR UPDATE SKIP LOCKED, so instances never
 * take the same row), POSTs each signed, and marks it delivered, or pending again with backoff, or
 * failed after the last retry. A claim holds a lease in next_attempt_at; a row still delivering
 * after its lease belongs to a process that died and goes back to pending.
 */

/** The wait after the n-th failed attempt; after the last one the delivery has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000, 24 * 3600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const REQUEST_TIMEOUT_MS = 10_000;
/** Longer than a request can take, so a live claim is never taken over. */
export const LEASE_MS = 2 * 60_000;
export const DELIVERY_BATCH = 50;
const ERROR_LIMIT = 500;

type ClaimedDelivery = { id: number; endpointId: number; eventId: string; attempts: number; lease: Date };

export async function releaseExpiredLeases(now: Date): Promise<number> {
  const rows = await executeSql<{ id: number }>(
    `update webhook_deliveries set status = 'pending'
     where status = 'delivering' and next_attempt_at < $1 returning id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** Up to `limit` due deliveries for this process: pending becomes delivering, one attempt more. */
export async function claimDueDeliveries(limit: number, now: Date): Promise<ClaimedDelivery[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const rows = await executeSql<{ id: number; endpoint_id: number; event_id: string; attempts: number }>(
    `update webhook_deliveries set status = 'delivering', attempts = attempts + 1, next_attempt_at = $3
     where id in (
       select id from webhook_deliveries where status = 'pending' and next_attempt_at <= $2
       order by next_attempt_at, id for update skip locked limit $1)
     returning id, endpoint_id, event_id, attempts`,
    [limit, now.toISOString(), lease.toISOString()],
  );
  return rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id, eventId: r.event_id, attempts: r.attempts, lease }));
}

export type PostOutcome = { statusCode: number | null; error: string | null };

/**
 * One POST: no redirects followed (a 3xx is a failure), 10 s for the whole exchange, at most 500
 * characters of a failing answer kept. In production the socket connects only to public addresses.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        ...(isProduction() ? { lookup: publicOnlyLookup as never } : {}),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        if (statusCode >= 200 && statusCode < 300) {
          response.resume();
          return done({ statusCode, error: null });
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          if (text.length >= ERROR_LIMIT) response.destroy();
        });
        const finish = () =>
          done({ statusCode, error: `HTTP ${statusCode}${text ? `: ${text}` : ""}`.slice(0, ERROR_LIMIT) });
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ statusCode: null, error: `No answer within ${REQUEST_TIMEOUT_MS / 1000} s` });
    }, REQUEST_TIMEOUT_MS);
    request.on("error", (error) => done({ statusCode: null, error: error.message.slice(0, ERROR_LIMIT) }));
    request.end(body);
  });
}

/** Only the claim that is still ours may finish the row (one taken over after its lease may not). */
const ours = (row: ClaimedDelivery) =>
  and(
    eq(webhookDeliveries.id, row.id),
    eq(webhookDeliveries.status, "delivering"),
    eq(webhookDeliveries.nextAttemptAt, row.lease),
  );

/** The body as sent: the payload's fields in a fixed order (jsonb does not keep the written order). */
function bodyOf(payload: Record<string, unknown>) {
  const { id, type, createdAt, companyId, data } = payload;
  return JSON.stringify({ id, type, createdAt, companyId, data });
}

export type DeliveryReport = { delivered: number; retried: number; failed: number };

async function deliverOne(row: ClaimedDelivery, now: Date): Promise<keyof DeliveryReport> {
  const [found] = await db
    .select({
      payload: webhookDeliveries.payload,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      isEnabled: webhookEndpoints.isEnabled,
      eventType: webhookDeliveries.eventType,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, row.id))
    .limit(1);
  if (!found) return "failed";
  let outcome: PostOutcome;
  const problem = webhookUrlProblem(found.url);
  if (problem) outcome = { statusCode: null, error: problem };
  else if (!found.isEnabled && found.eventType !== "webhook.test")
    outcome = { statusCode: null, error: "The endpoint is disabled" };
  else {
    const body = bodyOf(found.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    outcome = await postWebhook(
      found.url,
      {
        "Webhook-Id": row.eventId,
        "Webhook-Timestamp": String(timestamp),
        "Webhook-Signature": signWebhook(found.secret, row.eventId, timestamp, body),
        "User-Agent": "Fieldwise-Webhooks/1",
      },
      body,
    );
  }
  if (!outcome.error) {
    await db
      .update(webhookDeliveries)
      .set({ status: "delivered", lastStatusCode: outcome.statusCode, lastError: null, deliveredAt: new Date() })
      .where(ours(row));
    return "delivered";
  }
  const delay = RETRY_DELAYS_MS[row.attempts - 1];
  const last = delay === undefined || found.isEnabled === false;
  await db
    .update(webhookDeliveries)
    .set({
      status: last ? "failed" : "pending",
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: last ? now : new Date(now.getTime() + delay),
    })
    .where(ours(row));
  return last ? "failed" : "retried";
}

export type DeliverOptions = { now?: () => Date; batchSize?: number; maxBatches?: number };

/** One run: expired leases back to pending, then due deliveries in batches (sent in parallel). */
export async function deliverDueWebhooks(options: DeliverOptions = {}): Promise<DeliveryReport> {
  const clock = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DELIVERY_BATCH;
  const report: DeliveryReport = { delivered: 0, retried: 0, failed: 0 };
  await releaseExpiredLeases(clock());
  for (let batch = 0; batch < (options.maxBatches ?? Infinity); batch++) {
    const now = clock();
    const claimed = await claimDueDeliveries(batchSize, now);
    const outcomes = await Promise.all(
      claimed.map((row) =>
        deliverOne(row, now).catch(() => {
          // The database failed mid-way: the lease runs out and a later run sends it again.
          return "retried" as const;
        }),
      ),
    );
    for (const outcome of outcomes) report[outcome]++;
    if (claimed.length < batchSize) break;
  }
  return report;
}
