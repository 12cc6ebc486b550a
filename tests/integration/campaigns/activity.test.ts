import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { campaignMessages, campaigns, companies, jobs, outboxMessages } from "~/db/schema";
import { AppFeature, DEFAULT_APP_FEATURES } from "~/access/features";
import { Role } from "~/access/roles";
import { campaignActivity } from "~/models/campaigns/campaign-activity.server";
import { CampaignChannel, CampaignTrigger } from "~/models/campaigns/campaigns.schema";
import { loader as emailsFeed } from "~/routes/api+/follow-up-campaigns+/$id_.activity-feed.emails";
import { loader as textsFeed } from "~/routes/api+/follow-up-campaigns+/$id_.activity-feed.sms-messages";
import { action as communicationAction, loader as communicationLoader } from "~/routes/_app+/communication";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { createCustomerRow, formPost, run } from "../jobs/fixtures";

/*
 * The Emails and Texts of a campaign (campaign-activity.server.ts): campaign message rows joined to
 * their outbox rows by key, written here directly as the sender leaves them.
 */

useTestDatabase();

const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] as { fieldName: string; descending: boolean }[] };
const at = (iso: string) => new Date(iso);

let companyId: number;
let adminId: number;
let campaignId: number;
let dateCampaignId: number;
let otherCampaignId: number;
let jobId: number;
const people: Record<string, number> = {};

async function campaign(ofCompany: number, userId: number, name: string, triggerEvent: number) {
  const [row] = await db
    .insert(campaigns)
    .values({
      companyId: ofCompany,
      createdByUserId: userId,
      name,
      triggerEvent,
      channel: CampaignChannel.Both,
      subject: "Thanks",
      emailMessage: "Thank you",
      smsMessage: "Thank you",
      scheduledAt: triggerEvent === CampaignTrigger.OnSpecificDateTime ? at("2026-12-01T15:00:00Z") : null,
      selectedCustomersNumber: 4,
    })
    .returning({ id: campaigns.id });
  return row.id;
}

/** A campaign message and its outbox rows: `email`/`sms` as [status, error?, when]; absent means never queued. */
async function message(
  id: number,
  customerId: number,
  key: string,
  opts: {
    jobId?: number | null;
    trigger?: number;
    title?: string;
    email?: [string, string | null, string];
    sms?: [string, string | null, string];
  },
) {
  const idempotencyKey = `campaign:${id}:${key}`;
  await db.insert(campaignMessages).values({
    companyId,
    campaignId: id,
    customerId,
    triggerType: opts.trigger ?? CampaignTrigger.JobFinished,
    triggerAt: at("2026-11-20T15:00:00Z"),
    jobId: opts.jobId ?? null,
    relatedType: opts.jobId ? "job" : null,
    title: opts.title ?? "AC tune-up",
    idempotencyKey,
  });
  for (const channel of ["email", "sms"] as const) {
    const state = opts[channel];
    if (!state) continue;
    const [status, error, when] = state;
    await db.insert(outboxMessages).values({
      companyId,
      channel,
      to: channel === "email" ? "x@example.com" : "+17045550100",
      body: "Thank you",
      dedupeKey: `${idempotencyKey}:${channel}`,
      status: status as "stored",
      error,
      customerId,
      createdAt: at(when),
      sentAt: status === "stored" || status === "failed" ? null : at(when),
      openedAt: status === "opened" ? at("2026-11-22T12:00:00Z") : null,
      deliveredAt: status === "delivered" ? at("2026-11-22T12:00:00Z") : null,
      failedAt: status === "failed" ? at("2026-11-21T18:30:00Z") : null,
    });
  }
}

beforeAll(async () => {
  const company = await createTestCompany();
  companyId = company.companyId;
  adminId = company.userId;
  for (const [first, last] of [
    ["Zoe", "Adams"],
    ["Amy", "Brown"],
    ["Amy", "Allen"],
    ["Ben", "Carter"],
    ["Cid", "Dunn"],
  ])
    people[first + last] = await createCustomerRow(companyId, first, last);
  const [job] = await db
    .insert(jobs)
    .values({ companyId, customerId: people.ZoeAdams, timezone: "America/New_York", publicToken: "tok-activity-1" })
    .returning({ id: jobs.id });
  jobId = job.id;
  campaignId = await campaign(companyId, adminId, "Thanks", CampaignTrigger.JobFinished);
  dateCampaignId = await campaign(companyId, adminId, "Spring promo", CampaignTrigger.OnSpecificDateTime);

  await message(campaignId, people.ZoeAdams, `job:${jobId}`, {
    jobId,
    title: "Furnace repair",
    email: ["opened", null, "2026-11-21T15:00:00Z"],
    sms: ["delivered", null, "2026-11-21T15:00:00Z"],
  });
  await message(campaignId, people.AmyBrown, "job:9001", {
    email: ["failed", "550 Mailbox unavailable", "2026-11-21T16:00:00Z"],
    sms: ["sent", null, "2026-11-21T16:00:00Z"],
  });
  await message(campaignId, people.AmyAllen, "job:9002", {
    email: ["stored", null, "2026-11-21T17:00:00Z"],
    sms: ["stored", "Twilio 21610: unsubscribed", "2026-11-21T17:00:00Z"],
  });
  // Refuses texts: an email only (its text never queued, so the Texts tab does not list it).
  await message(campaignId, people.BenCarter, "job:9003", { email: ["sent", null, "2026-11-21T14:00:00Z"] });
  // Not yet sent on any channel: listed nowhere.
  await message(campaignId, people.CidDunn, "job:9004", {});
  await message(dateCampaignId, people.CidDunn, `date:1:${people.CidDunn}`, {
    trigger: CampaignTrigger.OnSpecificDateTime,
    title: "Spring promo",
    email: ["sent", null, "2026-12-01T15:00:05Z"],
  });

  const other = await createTestCompany();
  otherCampaignId = await campaign(other.companyId, other.userId, "Theirs", CampaignTrigger.JobFinished);
});

const names = (items: { customer: { firstName: string; lastName: string } }[]) =>
  items.map((i) => `${i.customer.firstName} ${i.customer.lastName}`);

describe("campaignActivity", () => {
  it("lists the emails by recipient name with their statuses, the failure reason and the trigger", async () => {
    const page = (await campaignActivity({ companyId }, campaignId, "email", { ...paging, status: null }))!;
    expect(page.total).toBe(4);
    expect(names(page.items)).toEqual(["Amy Allen", "Amy Brown", "Ben Carter", "Zoe Adams"]);
    const [allen, brown, carter, zoe] = page.items;
    expect(allen.status).toBe(1); // stored without an error counts as sent
    expect(brown.status).toBe(3);
    expect(brown.emailEvents).toEqual([
      { occuredOn: "2026-11-21T18:30:00.000Z", failureReason: "550 Mailbox unavailable" },
    ]);
    expect(carter.status).toBe(1);
    expect(carter.sentOn).toBe("2026-11-21T14:00:00.000Z");
    expect(zoe).toEqual({
      customer: { id: people.ZoeAdams, firstName: "Zoe", lastName: "Adams" },
      sentOn: "2026-11-21T15:00:00.000Z",
      status: 2,
      triggerType: CampaignTrigger.JobFinished,
      triggerDateTime: "2026-11-20T15:00:00.000Z",
      title: "Furnace repair",
      relatedEntity: { type: "job", id: jobId },
      emailEvents: [{ occuredOn: "2026-11-22T12:00:00.000Z", failureReason: null }],
    });
  });

  it("lists the texts: delivered, sent, and stored with an error as failed; unsent and unqueued left out", async () => {
    const page = (await campaignActivity({ companyId }, campaignId, "sms", { ...paging, status: null }))!;
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.customer.lastName, i.status])).toEqual([
      ["Allen", 3],
      ["Brown", 1],
      ["Adams", 2],
    ]);
    expect(page.items[0].emailEvents[0].failureReason).toBe("Twilio 21610: unsubscribed");
  });

  it("filters by status", async () => {
    const failed = (await campaignActivity({ companyId }, campaignId, "email", { ...paging, status: 3 }))!;
    expect(names(failed.items)).toEqual(["Amy Brown"]);
    expect(failed.total).toBe(1);
    const sent = (await campaignActivity({ companyId }, campaignId, "email", { ...paging, status: 1 }))!;
    expect(names(sent.items)).toEqual(["Amy Allen", "Ben Carter"]);
    const unsent = (await campaignActivity({ companyId }, campaignId, "email", { ...paging, status: 0 }))!;
    expect(unsent).toEqual({ items: [], total: 0 });
  });

  it("sorts by send date and status, either way, and pages", async () => {
    const bySent = (await campaignActivity({ companyId }, campaignId, "email", {
      ...paging,
      sortSettings: [{ fieldName: "sentOn", descending: false }],
      status: null,
    }))!;
    expect(names(bySent.items)).toEqual(["Ben Carter", "Zoe Adams", "Amy Brown", "Amy Allen"]);
    const byStatus = (await campaignActivity({ companyId }, campaignId, "email", {
      ...paging,
      sortSettings: [{ fieldName: "status", descending: true }],
      status: null,
    }))!;
    expect(byStatus.items.map((i) => i.status)).toEqual([3, 2, 1, 1]);
    const byNameDesc = (await campaignActivity({ companyId }, campaignId, "email", {
      pageNumber: 2,
      pageSize: 3,
      sortSettings: [{ fieldName: "name", descending: true }],
      status: null,
    }))!;
    expect(byNameDesc.total).toBe(4);
    expect(names(byNameDesc.items)).toEqual(["Amy Allen"]);
  });

  it("keeps a specific-date campaign's trigger, and a deleted job leaves no related job", async () => {
    const dated = (await campaignActivity({ companyId }, dateCampaignId, "email", { ...paging, status: null }))!;
    expect(dated.items).toMatchObject([
      { triggerType: CampaignTrigger.OnSpecificDateTime, title: "Spring promo", relatedEntity: null },
    ]);
    await db.delete(jobs).where(eq(jobs.id, jobId));
    const page = (await campaignActivity({ companyId }, campaignId, "email", { ...paging, status: 2 }))!;
    expect(page.items[0]).toMatchObject({ title: "Furnace repair", relatedEntity: null, triggerType: 0 });
  });

  it("answers null for another company's campaign", async () => {
    expect(await campaignActivity({ companyId }, otherCampaignId, "email", { ...paging, status: null })).toBeNull();
  });
});

describe("GET /api/follow-up-campaigns/{id}/activity-feed/...", () => {
  it("answers {items, total} with paging, sort and status; 404 for another company's campaign; 403 for a field tech", async () => {
    const cookie = await sessionCookie(adminId);
    const emails = await run(
      emailsFeed,
      `/api/follow-up-campaigns/${campaignId}/activity-feed/emails?campaignId=${campaignId}&pageNumber=1&pageSize=2&sortSettings[0].fieldName=sentOn&sortSettings[0].descending=true&status=null`,
      { cookie },
      { id: String(campaignId) },
    );
    expect(emails.status).toBe(200);
    const body = (await emails.json()) as { items: { customer: { lastName: string } }[]; total: number };
    expect(body.total).toBe(4);
    expect(body.items.map((i) => i.customer.lastName)).toEqual(["Allen", "Brown"]);

    const texts = await run(
      textsFeed,
      `/api/follow-up-campaigns/${campaignId}/activity-feed/sms-messages?status=3`,
      { cookie },
      { id: String(campaignId) },
    );
    expect(await texts.json()).toMatchObject({ total: 1, items: [{ status: 3 }] });

    const foreign = await run(
      emailsFeed,
      `/api/follow-up-campaigns/${otherCampaignId}/activity-feed/emails`,
      { cookie },
      { id: String(otherCampaignId) },
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ exceptionType: "not_found" });

    const bad = await run(
      emailsFeed,
      `/api/follow-up-campaigns/${campaignId}/activity-feed/emails?status=7`,
      { cookie },
      { id: String(campaignId) },
    );
    expect(bad.status).toBe(400);

    const tech = await createTestUser(companyId, Role.FieldTech);
    const refused = await run(
      emailsFeed,
      `/api/follow-up-campaigns/${campaignId}/activity-feed/emails`,
      { cookie: await sessionCookie(tech.userId) },
      { id: String(campaignId) },
    );
    expect(refused.status).toBe(403);
  });
});

describe("the communication page's Custom Campaigns tab", () => {
  type Page = { tabs: { id: string }[]; tab: string; campaigns: { items: { id: number; isActive: boolean }[] } | null };
  const open = async (cookie: string, search: string) => {
    const response = await run(communicationLoader, `/communication${search}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };

  it("lists the campaigns newest first, filtered by state; the switch posts without JavaScript and comes back", async () => {
    const cookie = await sessionCookie(adminId);
    const page = await open(cookie, "?tab=custom-campaigns");
    expect(page.tabs.map((t) => t.id)).toEqual(["messages", "custom-campaigns"]);
    expect(page.tab).toBe("custom-campaigns");
    expect(page.campaigns!.items.map((c) => c.id)).toEqual([dateCampaignId, campaignId]);

    const back = await run(communicationAction, "/communication?tab=custom-campaigns&active=active&page=1", {
      cookie,
      ...formPost({ intent: "toggle", id: String(campaignId) }),
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/communication?tab=custom-campaigns&active=active&page=1");
    const inactive = await open(cookie, "?tab=custom-campaigns&active=inactive");
    expect(inactive.campaigns!.items).toEqual([expect.objectContaining({ id: campaignId, isActive: false })]);

    const foreign = await run(communicationAction, "/communication?tab=custom-campaigns", {
      cookie,
      ...formPost({ intent: "toggle", id: String(otherCampaignId) }),
    });
    expect(foreign.status).toBe(404);
  });

  it("is not offered without the Campaigns feature", async () => {
    await db
      .update(companies)
      .set({ featureFlags: DEFAULT_APP_FEATURES & ~AppFeature.Campaigns })
      .where(eq(companies.id, companyId));
    const cookie = await sessionCookie(adminId);
    const page = await open(cookie, "?tab=custom-campaigns");
    expect(page.tabs.map((t) => t.id)).toEqual(["messages"]);
    expect(page.tab).toBe("messages");
    expect(page.campaigns).toBeNull();
    const refused = await run(communicationAction, "/communication?tab=custom-campaigns", {
      cookie,
      ...formPost({ intent: "toggle", id: String(campaignId) }),
    });
    expect(refused.status).toBe(403);
    await db.update(companies).set({ featureFlags: DEFAULT_APP_FEATURES }).where(eq(companies.id, companyId));
  });
});
