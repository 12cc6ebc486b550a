import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { webhookDeliveries } from "~/db/schema";
import { Role } from "~/access/roles";
import type { CallerContext } from "~/access/access.server";
import {
  claimDueDeliveries,
  deliverDueWebhooks,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from "~/models/webhooks/delivery.server";
import { verifyWebhookSignature } from "~/models/webhooks/signature.server";
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestWebhookEvent,
} from "~/models/webhooks/webhooks.server";
import { createTestCompany } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { startReceiver } from "./receiver";

useTestDatabase();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function endpointWithTestEvent() {
  const c = await createTestCompany();
  const ctx: CallerContext = { companyId: c.companyId, userId: c.userId, role: Role.CompanyAdmin };
  const id = await createWebhookEndpoint(ctx, { url: receiver.url, description: "Local", eventTypes: [] });
  const eventId = (await sendTestWebhookEvent(ctx, id))!;
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
  return { ctx, id, eventId, delivery };
}

const rowOf = async (id: number) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

describe("webhook delivery", () => {
  it("POSTs the event signed: headers, body, and a signature verifyWebhookSignature accepts", async () => {
    const { ctx, id, eventId, delivery } = await endpointWithTestEvent();
    receiver.received.length = 0;
    expect(await deliverDueWebhooks()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const [request] = receiver.received;
    expect(receiver.received).toHaveLength(1);
    expect(request.url).toBe("/hooks");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toBe(eventId);
    const timestamp = Number(request.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(request.body)).toEqual({
      id: eventId,
      type: "webhook.test",
      createdAt: expect.any(String),
      companyId: ctx.companyId,
      data: { message: "This is a test event" },
    });
    const { secret } = (await getWebhookEndpoint(ctx, id))!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(verifyWebhookSignature(secret, request.headers as Record<string, string>, request.body)).toBe(true);
    expect(verifyWebhookSignature(secret, request.headers as Record<string, string>, request.body + " ")).toBe(false);
    expect(await rowOf(delivery.id)).toMatchObject({
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      deliveredAt: expect.any(Date),
    });
  });

  it("a 500 is retried after a minute, then delivered under the same Webhook-Id", async () => {
    const { delivery, eventId } = await endpointWithTestEvent();
    receiver.received.length = 0;
    receiver.answer(500);
    const now = new Date();
    expect(await deliverDueWebhooks({ now: () => now })).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const retried = await rowOf(delivery.id);
    expect(retried).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(retried.lastError).toBe(`HTTP 500: boom ${"x".repeat(485)}`);
    expect(retried.lastError).toHaveLength(500);
    expect(retried.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks({ now: () => new Date(now.getTime() + 59_000) })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(await deliverDueWebhooks({ now: () => new Date(now.getTime() + 60_000) })).toEqual({
      delivered: 1,
      retried: 0,
      failed: 0,
    });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);
    expect(await rowOf(delivery.id)).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  });

  it("two workers at once send each delivery once", async () => {
    const { ctx, id } = await endpointWithTestEvent();
    for (let i = 0; i < 5; i++) await sendTestWebhookEvent(ctx, id);
    receiver.received.length = 0;
    const reports = await Promise.all([deliverDueWebhooks({ batchSize: 2 }), deliverDueWebhooks({ batchSize: 2 })]);
    expect(reports[0].delivered + reports[1].delivered).toBe(6);
    expect(receiver.received).toHaveLength(6);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(6);
    // A second run finds nothing due.
    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(receiver.received).toHaveLength(6);
  });

  it("concurrent claims never take the same row; a claim past its lease goes back to pending", async () => {
    const { ctx, id, delivery } = await endpointWithTestEvent();
    await sendTestWebhookEvent(ctx, id);
    // PostgreSQL stores microseconds: a row made this millisecond is due from the next one.
    const now = new Date(Date.now() + 1);
    const [a, b] = await Promise.all([claimDueDeliveries(10, now), claimDueDeliveries(10, now)]);
    const ids = [...a, ...b].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(delivery.id);
    expect(await rowOf(delivery.id)).toMatchObject({ status: "delivering", attempts: 1 });
    // Within the lease, another run leaves it alone; after it (the process died), it is sent again.
    receiver.received.length = 0;
    expect((await deliverDueWebhooks({ now: () => new Date(now.getTime() + 60_000) })).delivered).toBe(0);
    expect((await deliverDueWebhooks({ now: () => new Date(now.getTime() + 3 * 60_000) })).delivered).toBe(2);
    expect(await rowOf(delivery.id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("fails after the last retry (1 min, 5 min, 30 min, 2 h, 8 h, 24 h), and Resend starts again", async () => {
    const { ctx, id, delivery } = await endpointWithTestEvent();
    receiver.answer(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    let clock = Date.now() + 1;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await deliverDueWebhooks({ now: () => new Date(clock) });
      const row = await rowOf(delivery.id);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(report.retried).toBe(1);
        waits.push(row.nextAttemptAt.getTime() - clock);
        clock = row.nextAttemptAt.getTime();
      } else expect(report.failed).toBe(1);
    }
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(await rowOf(delivery.id)).toMatchObject({ status: "failed", attempts: 7, lastStatusCode: 503 });

    const { deliveries } = await listWebhookDeliveries(ctx, id);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ["webhook.test", "failed", 7, 503],
    ]);
    expect(await resendWebhookDelivery(ctx, id, delivery.id)).toBe(true);
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 1 });
    expect(await rowOf(delivery.id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("the delivery log pages newest first", async () => {
    const { ctx, id } = await endpointWithTestEvent();
    for (let i = 0; i < 4; i++) await sendTestWebhookEvent(ctx, id);
    const first = await listWebhookDeliveries(ctx, id, null, 2);
    const second = await listWebhookDeliveries(ctx, id, first.next, 2);
    const third = await listWebhookDeliveries(ctx, id, second.next, 2);
    const all = [...first.deliveries, ...second.deliveries, ...third.deliveries].map((d) => d.id);
    expect(all).toHaveLength(5);
    expect([...all].sort((x, y) => y - x)).toEqual(all);
    expect(third.next).toBeNull();
  });
});
