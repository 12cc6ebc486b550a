import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, estimates, outboxMessages, scheduledMessages } from "~/db/schema";
import { estimateCreateSchema, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate, updateEstimateStatus } from "~/models/estimates/estimates.server";
import { estimateSendSchema, sendEstimate } from "~/models/estimates/estimate-send.server";
import {
  cancelEstimateFollowUps,
  ESTIMATE_FOLLOW_UP_KIND,
  estimateFollowUpSettingsSchema,
  saveEstimateFollowUpSettings,
} from "~/models/estimates/estimate-follow-ups.server";
import { saveInvoiceFollowUpSettings } from "~/models/invoices/invoice-follow-ups.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate, wallTime, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const ZONE = "America/New_York";
const DAY = 24 * 60 * 60_000;

async function setUp(days: number | null, hours: number) {
  const f = await jobsFixture(ZONE);
  await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
  await saveInvoiceFollowUpSettings(f.admin, { invoiceFollowUpDays: null, followUpChannel: 2 });
  await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: days, estimateReminderHours: hours });
  return f;
}
const sentEstimate = async (f: JobsFixture, token = "send-token-0001") => {
  const { id } = await createEstimate(f.admin, estimateCreateSchema.parse({ customerId: f.customerId }));
  await sendEstimate(f.admin, id, estimateSendSchema.parse({ notificationType: "2", requestToken: token }));
  return id;
};
const followUps = (companyId: number) =>
  db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.companyId, companyId), eq(scheduledMessages.kind, ESTIMATE_FOLLOW_UP_KIND)))
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id));
const pending = async (companyId: number) => (await followUps(companyId)).filter((r) => r.status === "pending");

describe("planning estimate follow-ups", () => {
  it("plans the follow-up N days after sending at 09:00, then three reminders every H hours", async () => {
    const f = await setUp(2, 48);
    const id = await sentEstimate(f);
    const [estimate] = await db.select().from(estimates).where(eq(estimates.id, id));
    const rows = await pending(f.companyId);
    expect(rows).toHaveLength(4);
    const sentDay = new Date(`${wallDate(estimate.sentAt!, ZONE)}T12:00:00Z`).getTime();
    expect(rows.map((r) => wallDate(r.dueAt, ZONE))).toEqual(
      [2, 4, 6, 8].map((d) => new Date(sentDay + d * DAY).toISOString().slice(0, 10)),
    );
    expect(rows.every((r) => wallTime(r.dueAt, ZONE) === "09:00")).toBe(true);
    expect(rows.every((r) => r.channel === 2 && r.jobId === null)).toBe(true);
    expect(rows[0].idempotencyKey).toBe(`estimate-follow-up:${id}:${estimate.sentAt!.toISOString()}:2:48:0`);
  });

  it("plans one follow-up without reminders, none when off; saving the settings re-plans open estimates", async () => {
    const f = await setUp(null, 24);
    const id = await sentEstimate(f);
    expect(await followUps(f.companyId)).toHaveLength(0);
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: 3, estimateReminderHours: 0 });
    expect(await pending(f.companyId)).toHaveLength(1);
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: 3, estimateReminderHours: 72 });
    expect(await pending(f.companyId)).toHaveLength(4);
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: null, estimateReminderHours: 72 });
    expect(await pending(f.companyId)).toHaveLength(0);
    expect((await followUps(f.companyId)).every((r) => r.status === "cancelled")).toBe(true);
    // An answered estimate is not re-planned.
    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Approved } as never);
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: 1, estimateReminderHours: 24 });
    expect(await pending(f.companyId)).toHaveLength(0);
  });

  it("cancelEstimateFollowUps stops only that estimate's pending rows; sending again replaces the plan", async () => {
    const f = await setUp(1, 24);
    const first = await sentEstimate(f, "send-token-first");
    const second = await sentEstimate(f, "send-token-second");
    await db.transaction((tx) => cancelEstimateFollowUps(tx, f.companyId, first));
    const left = await pending(f.companyId);
    expect(left).toHaveLength(4);
    expect(left.every((r) => r.idempotencyKey.startsWith(`estimate-follow-up:${second}:`))).toBe(true);

    const [again] = await db.select().from(estimates).where(eq(estimates.id, second));
    await sendEstimate(f.admin, second, estimateSendSchema.parse({ notificationType: "2" }));
    const [resent] = await db.select().from(estimates).where(eq(estimates.id, second));
    expect(resent.sentAt!.getTime()).toBeGreaterThan(again.sentAt!.getTime());
    const ofSecond = (await pending(f.companyId)).filter((r) =>
      r.idempotencyKey.startsWith(`estimate-follow-up:${second}:`),
    );
    expect(ofSecond).toHaveLength(4);
    expect(ofSecond.every((r) => r.idempotencyKey.includes(resent.sentAt!.toISOString()))).toBe(true);
    expect((await followUps(f.companyId)).filter((r) => r.status === "cancelled")).toHaveLength(8);
  });

  it("validates the settings form", () => {
    const bad = estimateFollowUpSettingsSchema.safeParse({ estimateFollowUpDays: "0", estimateReminderHours: "12" });
    expect(bad.success).toBe(false);
    expect(bad.error!.flatten().fieldErrors).toEqual({
      estimateFollowUpDays: ["Choose when follow-ups go"],
      estimateReminderHours: ["Choose how often reminders go"],
    });
    expect(estimateFollowUpSettingsSchema.parse({ estimateFollowUpDays: "", estimateReminderHours: "" })).toEqual({
      estimateFollowUpDays: null,
      estimateReminderHours: 0,
    });
  });
});

describe("dispatching estimate follow-ups", () => {
  it("sends the Send Estimate message while unanswered, cancels once answered", async () => {
    const f = await setUp(1, 24);
    const id = await sentEstimate(f);
    const [first, second] = await pending(f.companyId);
    // The dispatcher runs for every company of the test database: the rows of this one are checked.
    await dispatchDueMessages({ now: () => new Date(first.dueAt.getTime() + 60_000) });
    const [firstDone] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, first.id));
    expect(firstDone.status).toBe("sent");
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `${first.idempotencyKey}:email`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "grace@example.com", messageType: 4 });
    expect(mails[0].body).toContain("/estimate-details/");

    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Declined } as never);
    await dispatchDueMessages({ now: () => new Date(second.dueAt.getTime() + 60_000) });
    const [done] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, second.id));
    expect(done).toMatchObject({ status: "cancelled", error: "The estimate is no longer waiting for an answer" });
  });

  it("cancels a row of an older send or a changed plan at send time", async () => {
    const f = await setUp(1, 0);
    await sentEstimate(f);
    const [row] = await pending(f.companyId);
    // Changed behind the planner's back (another process): the row no longer matches the plan.
    await db
      .update(scheduledMessages)
      .set({ idempotencyKey: row.idempotencyKey.replace(/:1:0:0$/, ":5:0:0") })
      .where(eq(scheduledMessages.id, row.id));
    await dispatchDueMessages({ now: () => new Date(row.dueAt.getTime() + 60_000) });
    const [done] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, row.id));
    expect(done).toMatchObject({
      status: "cancelled",
      error: "The estimate was sent again or the follow-up settings have changed",
    });
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.companyId, f.companyId))).toHaveLength(1);
  });
});
