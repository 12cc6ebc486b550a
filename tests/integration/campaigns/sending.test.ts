import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, executeSql } from "~/db.server";
import { campaigns, customers } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { TagType } from "~/models/company/tags.schema";
import { createTag } from "~/models/company/tags.server";
import { LATE_SEND_LIMIT_MS, queueDueCampaigns } from "~/models/campaigns/campaign-sending.server";
import { deleteCampaign, toggleCampaign, updateCampaign } from "~/models/campaigns/campaigns.server";
import {
  CampaignEmailStatus,
  CampaignTrigger,
  DelayType,
  type CampaignValues,
} from "~/models/campaigns/campaigns.schema";
import { JobStatus, jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, recordPayment, undoJobStatus, updateJobStatus } from "~/models/jobs/jobs.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { campaignActivity } from "~/models/campaigns/campaign-activity.server";
import { loader as openLoader } from "~/routes/email+/open.$token";
import { startSmtpCapture } from "../../helpers/smtp-capture";
import { args } from "../route-call";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow } from "../jobs/fixtures";
import {
  campaignValues,
  messagesOf,
  newCampaign,
  outboxOf,
  sendingFixture,
  type SendingFixture,
} from "./sending-fixture";

// Sending custom campaigns (issue #17 "Sending", ADR 062): messages written with their cause, due at
// 10 a.m. local after the delay, checked against the campaign as it is at send time, each sent once.

useTestDatabase();

const at = (iso: string) => ({ now: () => new Date(iso) });

async function newJob(f: SendingFixture, fields: Record<string, unknown> = {}) {
  const { id } = await createJob(
    f.admin,
    jobCreateSchema.parse({
      customerId: f.customerId,
      name: "AC Tune-Up",
      startTime: "2030-03-08T15:00:00Z",
      endTime: "2030-03-08T16:00:00Z",
      ...fields,
    }),
  );
  return id;
}

const finish = (f: SendingFixture, jobId: number, finishedAt?: string) =>
  updateJobStatus(f.admin, {
    jobId,
    status: JobStatus.Finished,
    startDate: finishedAt ? new Date(finishedAt) : undefined,
  });

async function finishedJob(f: SendingFixture, finishedAt?: string) {
  const id = await newJob(f);
  await finish(f, id, finishedAt);
  return id;
}

const edit = (f: SendingFixture, id: number, values: Partial<CampaignValues>) =>
  updateCampaign(f.admin, id, campaignValues(values), f.rules());

describe("a job-finished campaign", () => {
  it("writes the message with the status change, due at 10 a.m. local after the delay, and sends it then", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f, { delayValue: 2 });
    const jobId = await finishedJob(f, "2030-03-08T20:00:00Z");

    const key = `campaign:${id}:job:${jobId}`;
    expect(await messagesOf(id)).toEqual([
      {
        key,
        customerId: f.customerId,
        triggerType: CampaignTrigger.JobFinished,
        triggerAt: new Date("2030-03-08T20:00:00Z"),
        jobId,
        relatedType: "job",
        title: "AC Tune-Up",
        kind: "campaign",
        channel: 2,
        // Two days after Friday March 8th, on the Sunday the clocks spring forward: 10:00 EDT.
        dueAt: new Date("2030-03-10T14:00:00Z"),
        status: "pending",
        error: null,
      },
    ]);

    await dispatchDueMessages(at("2030-03-10T13:59:00Z"));
    expect(await outboxOf(id)).toEqual([]);
    await dispatchDueMessages(at("2030-03-10T14:00:00Z"));
    expect((await messagesOf(id))[0]).toMatchObject({ status: "sent", error: null });
    const [email] = await outboxOf(id);
    expect(email).toMatchObject({
      channel: "email",
      to: `grace-${f.customerId}@example.com`,
      subject: "Thanks, Grace",
      dedupeKey: `${key}:email`,
      customerId: f.customerId,
      jobId,
    });
    expect(email.body).toMatch(/^Hi Grace, thank you for choosing .+ for AC Tune-Up\.$/);

    // Undone and finished again: the same message, not a second one.
    await undoJobStatus(f.admin, { id: jobId, statusClicked: JobStatus.Finished });
    await finish(f, jobId, "2030-03-12T20:00:00Z");
    await dispatchDueMessages(at("2030-04-01T00:00:00Z"));
    expect(await messagesOf(id)).toHaveLength(1);
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it("with no delay goes at once", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f, { sendImmediately: true, delayValue: 0 });
    const before = Date.now();
    await finishedJob(f);
    const [message] = await messagesOf(id);
    expect(message.dueAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(message.dueAt!.getTime()).toBeLessThanOrEqual(Date.now());
    await dispatchDueMessages();
    expect((await messagesOf(id))[0].status).toBe("sent");
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it("tracks the email's opening: the image in the sent email marks it opened on the Emails tab", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f, { sendImmediately: true, delayValue: 0 });
    await finishedJob(f);
    // Only an email that goes out (SMTP) carries the image.
    const smtp = await startSmtpCapture();
    let html = "";
    try {
      await dispatchDueMessages({ services: { smtpUrl: smtp.url, twilio: null } });
      expect(smtp.received).toHaveLength(1);
      html = String(smtp.received[0].html);
    } finally {
      await smtp.close();
    }
    const [email] = await outboxOf(id);
    expect(email.trackingToken).toMatch(/^[\w-]{32}$/);
    const src = new RegExp(`<img[^>]+src="([^"]*/email/open/${email.trackingToken})"`).exec(html)?.[1];
    expect(src, html).toBeDefined();
    const feed = () =>
      campaignActivity(f.admin, id, "email", { pageNumber: 1, pageSize: 10, sortSettings: [], status: null });
    expect((await feed())!.items.map((m) => [m.status, m.emailEvents])).toEqual([[CampaignEmailStatus.Sent, []]]);

    const pixel = await openLoader(args(new Request(src!), { token: email.trackingToken! }));
    expect(pixel.headers.get("Content-Type")).toBe("image/gif");
    const [opened] = (await feed())!.items;
    expect(opened.status).toBe(CampaignEmailStatus.Opened);
    expect(opened.emailEvents).toEqual([{ occuredOn: expect.any(String), failureReason: null }]);
  });

  it("an inactive campaign, or one whose audience leaves the customer out, writes nothing", async () => {
    const f = await sendingFixture();
    const other = await createCustomerRow(f.companyId, "Other", "Customer");
    const inactive = await newCampaign(f, { isActive: false });
    const elsewhere = await newCampaign(f, { checkAll: false, includeCustomerIds: [other] });
    const dated = await newCampaign(f, {
      triggerEvent: CampaignTrigger.OnSpecificDateTime,
      // Far ahead: the specific-date tests below queue what is due in the next days.
      scheduledAt: new Date(Date.now() + 400 * 86_400_000),
    });
    await finishedJob(f, "2030-03-08T20:00:00Z");
    for (const id of [inactive, elsewhere, dated]) expect(await messagesOf(id)).toEqual([]);
  });

  it("turned inactive before it goes: cancelled, nothing sent; deleted: cancelled", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f);
    const gone = await newCampaign(f, { name: "To be deleted" });
    await finishedJob(f, "2030-03-08T20:00:00Z");
    const [waiting] = await messagesOf(gone);
    expect(await toggleCampaign(f.admin, id)).toBe(false);
    expect(await deleteCampaign(f.admin, gone)).toBe(true);
    await dispatchDueMessages(at("2030-03-09T15:00:00Z"));
    expect((await messagesOf(id))[0]).toMatchObject({ status: "cancelled", error: "The campaign is inactive" });
    expect(await outboxOf(id)).toEqual([]);
    expect(await outboxOf(gone)).toEqual([]);
    const [row] = await executeSql("select status, error from scheduled_messages where idempotency_key = $1", [
      waiting.key,
    ]);
    expect(row).toEqual({ status: "cancelled", error: "The campaign no longer exists" });
  });

  it("edited before it goes: the new texts and channel are sent", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f);
    await finishedJob(f, "2030-03-08T20:00:00Z");
    await edit(f, id, { subject: "We value you, {{customer_first_name}}", channel: 3 });
    await dispatchDueMessages(at("2030-03-09T15:00:00Z"));
    const sent = await outboxOf(id);
    expect(sent.map((m) => [m.channel, m.subject ?? m.body])).toEqual([
      ["email", "We value you, Grace"],
      ["sms", expect.stringMatching(/^Hi Grace, thank you from .+!$/)],
    ]);
  });

  it("a changed delay moves the messages still waiting; a sent one stays sent", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f);
    const early = await finishedJob(f, "2030-03-01T20:00:00Z");
    await dispatchDueMessages(at("2030-03-02T15:00:00Z"));
    const waiting = await finishedJob(f, "2030-03-08T20:00:00Z");
    const byJob = async () => new Map((await messagesOf(id)).map((m) => [m.jobId, m]));
    expect((await byJob()).get(waiting)?.dueAt).toEqual(new Date("2030-03-09T15:00:00Z"));

    await edit(f, id, { delayType: DelayType.Week, delayValue: 1 });
    let rows = await byJob();
    expect(rows.get(waiting)).toMatchObject({ status: "pending", dueAt: new Date("2030-03-15T14:00:00Z") });
    expect(rows.get(early)).toMatchObject({ status: "sent", dueAt: new Date("2030-03-02T15:00:00Z") });

    await edit(f, id, { delayType: DelayType.Month, delayValue: 2 });
    expect((await byJob()).get(waiting)?.dueAt).toEqual(new Date("2030-05-08T14:00:00Z"));

    const before = Date.now();
    await edit(f, id, { sendImmediately: true, delayValue: 0 });
    rows = await byJob();
    expect(rows.get(waiting)!.dueAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows.get(early)?.status).toBe("sent");
  });

  it("a customer who refuses texts gets the email only", async () => {
    const f = await sendingFixture();
    await db.update(customers).set({ areTextMessagesAllowed: false }).where(eq(customers.id, f.customerId));
    const id = await newCampaign(f, { channel: 3 });
    await finishedJob(f, "2030-03-08T20:00:00Z");
    await dispatchDueMessages(at("2030-03-09T15:00:00Z"));
    expect((await messagesOf(id))[0]).toMatchObject({
      status: "sent",
      error: "text: The customer does not accept text messages",
    });
    expect((await outboxOf(id)).map((m) => m.channel)).toEqual(["email"]);
  });

  it("a visit of a series is recorded as a visit; a job paid without being finished triggers it once", async () => {
    const f = await sendingFixture();
    const id = await newCampaign(f);
    const visit = await newJob(f, { recurrence: { frequency: 2, interval: 1 } });
    await finish(f, visit, "2030-03-08T20:00:00Z");
    const paidAtOnce = await newJob(f);
    await recordPayment(f.admin, paidAtOnce, { method: 0 });
    const finishedThenPaid = await finishedJob(f, "2030-03-08T21:00:00Z");
    await recordPayment(f.admin, finishedThenPaid, { method: 0 });
    const rows = await messagesOf(id);
    expect(rows.map((m) => [m.jobId, m.relatedType])).toEqual([
      [visit, "visit"],
      [paidAtOnce, "job"],
      [finishedThenPaid, "job"],
    ]);
  });

  it("a customer no longer in the audience when it goes: cancelled", async () => {
    const f = await sendingFixture();
    const vip = (await createTag(f.admin, { name: "VIP", type: TagType.Customer })).id;
    await db
      .update(customers)
      .set({ tagIds: [vip] })
      .where(eq(customers.id, f.customerId));
    const id = await newCampaign(f, { includeTagIds: [vip] });
    await finishedJob(f, "2030-03-08T20:00:00Z");
    await db.update(customers).set({ tagIds: [] }).where(eq(customers.id, f.customerId));
    await dispatchDueMessages(at("2030-03-09T15:00:00Z"));
    expect((await messagesOf(id))[0]).toMatchObject({
      status: "cancelled",
      error: "The customer is no longer in the campaign's audience",
    });
    expect(await outboxOf(id)).toEqual([]);
  });

  it("shows the company's own uploaded images, as absolute addresses, and no others", async () => {
    const f = await sendingFixture();
    const own = `/files/${f.companyId}/logos/abcdefghijklmnop1234.png`;
    const theirs = `/files/${f.companyId + 1000}/logos/abcdefghijklmnop1234.png`;
    const id = await newCampaign(f, {
      emailMessage: `Hello {{customer_first_name}}\n\n![Our team](${own})\n\n![Theirs](${theirs})\n\n![Outside](https://images.example.com/a.png)`,
    });
    await finishedJob(f, "2030-03-08T20:00:00Z");
    await dispatchDueMessages(at("2030-03-09T15:00:00Z"));
    const [email] = await outboxOf(id);
    const images = [...email.html!.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    expect(images).toEqual([[absoluteUrl(own), "Our team"]]);
    expect(email.html).toContain("images.example.com/a.png");
    expect(email.html).not.toContain('src="https://images.example.com');
  });
});

describe("a specific-date campaign", () => {
  async function dated(f: SendingFixture, extra: Partial<CampaignValues> = {}) {
    const scheduledAt = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    const id = await newCampaign(f, {
      name: "Spring sale",
      triggerEvent: CampaignTrigger.OnSpecificDateTime,
      scheduledAt,
      ...extra,
    });
    return { id, scheduledAt };
  }
  const customer = async (f: SendingFixture, name: string, tagIds: number[] = []) => {
    const id = await createCustomerRow(f.companyId, name, "Doe");
    await db
      .update(customers)
      .set({ tagIds, email: `${name.toLowerCase()}-${id}@example.com` })
      .where(eq(customers.id, id));
    return id;
  };

  it("sends at its time to the audience as it is then, each customer once", async () => {
    const f = await sendingFixture();
    const vip = (await createTag(f.admin, { name: "VIP", type: TagType.Customer })).id;
    const ann = await customer(f, "Ann", [vip]);
    const ben = await customer(f, "Ben");
    const { id, scheduledAt } = await dated(f, { includeTagIds: [vip] });
    // Tagged after the campaign was saved: in the audience at its time.
    await db
      .update(customers)
      .set({ tagIds: [vip] })
      .where(eq(customers.id, ben));

    const before = new Date(scheduledAt.getTime() - 60_000);
    expect(await queueDueCampaigns(before)).toEqual({ campaigns: 0, messages: 0 });
    expect(await queueDueCampaigns(scheduledAt)).toEqual({ campaigns: 1, messages: 2 });
    expect(await queueDueCampaigns(scheduledAt)).toEqual({ campaigns: 0, messages: 0 });
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign.queuedFor).toEqual(scheduledAt);

    const rows = await messagesOf(id);
    expect(rows).toEqual(
      [ann, ben].map((customerId) => ({
        key: `campaign:${id}:date:${scheduledAt.getTime()}:${customerId}`,
        customerId,
        triggerType: CampaignTrigger.OnSpecificDateTime,
        triggerAt: scheduledAt,
        jobId: null,
        relatedType: null,
        title: "Spring sale",
        kind: "campaign",
        channel: 2,
        dueAt: scheduledAt,
        status: "pending",
        error: null,
      })),
    );
    await dispatchDueMessages(at(scheduledAt.toISOString()));
    // Sent side by side: in the customers' order, whichever went first.
    const sent = (await outboxOf(id)).sort((a, b) => a.customerId! - b.customerId!);
    expect(sent.map((m) => [m.customerId, m.subject])).toEqual([
      [ann, "Thanks, Ann"],
      [ben, "Thanks, Ben"],
    ]);
    // The job title is missing: its fallback reads on.
    expect(sent[0].body).toMatch(/^Hi Ann, thank you for choosing .+ for your service\.$/);
    await dispatchDueMessages(at(new Date(scheduledAt.getTime() + 3600_000).toISOString()));
    expect(await outboxOf(id)).toHaveLength(2);
  });

  it("is not sent when it comes due more than a day late (turned on after its time)", async () => {
    const f = await sendingFixture();
    await customer(f, "Cal");
    const { id, scheduledAt } = await dated(f);
    const late = new Date(scheduledAt.getTime() + LATE_SEND_LIMIT_MS + 60_000);
    expect(await queueDueCampaigns(late)).toEqual({ campaigns: 1, messages: 0 });
    expect(await messagesOf(id)).toEqual([]);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign.queuedFor).toEqual(scheduledAt);
    expect(await queueDueCampaigns(late)).toEqual({ campaigns: 0, messages: 0 });
  });

  it("given a new date, queues again then; what waited for the old date is cancelled", async () => {
    const f = await sendingFixture();
    const { id, scheduledAt } = await dated(f);
    await queueDueCampaigns(scheduledAt);
    const later = new Date(scheduledAt.getTime() + 86_400_000);
    await edit(f, id, { name: "Spring sale", triggerEvent: CampaignTrigger.OnSpecificDateTime, scheduledAt: later });
    await dispatchDueMessages(at(scheduledAt.toISOString()));
    expect((await messagesOf(id)).map((m) => [m.status, m.error])).toEqual([
      ["cancelled", "The campaign's date changed"],
    ]);
    expect(await queueDueCampaigns(later)).toEqual({ campaigns: 1, messages: 1 });
    await dispatchDueMessages(at(later.toISOString()));
    expect((await messagesOf(id)).map((m) => m.status)).toEqual(["cancelled", "sent"]);
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it("an inactive campaign is not queued until it is live again", async () => {
    const f = await sendingFixture();
    const { id, scheduledAt } = await dated(f, { isActive: false });
    expect(await queueDueCampaigns(scheduledAt)).toEqual({ campaigns: 0, messages: 0 });
    await toggleCampaign(f.admin, id);
    expect(await queueDueCampaigns(scheduledAt)).toEqual({ campaigns: 1, messages: 1 });
  });
});
