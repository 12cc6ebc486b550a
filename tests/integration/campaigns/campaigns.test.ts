import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { campaigns, companies } from "~/db/schema";
import { CampaignTrigger, DelayType } from "~/models/campaigns/campaigns.schema";
import { loader as getLoader } from "~/routes/api+/follow-up-campaigns+/$id";
import { useTestDatabase } from "../../helpers/db";
import { callRoute } from "../route-call";
import { campaignsFixture, payload, save, type CampaignsFixture } from "./api-fixture";

// The campaign model through the API's save payload (spec part 1 section 5 "Campaign wizard"):
// every rule's exact message, the audience counted by the server, and the picks narrowed to the company.

useTestDatabase();

let f: CampaignsFixture;
beforeAll(async () => {
  f = await campaignsFixture();
});

/** The field errors of a refused save (400). */
async function errorsOf(extra: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await save(f.admin, payload(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return res.body.errors;
}

/** Saves and reads the campaign back through GET /{id}. */
async function saved(extra: Record<string, unknown>) {
  const res = await save(f.admin, payload(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as number;
  const read = await callRoute(getLoader, `/api/follow-up-campaigns/${id}`, { cookie: f.admin }, { id: String(id) });
  expect(read.status).toBe(200);
  return read.body.data;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const text = (n: number) => "x".repeat(n);

describe("the rules of the save payload, with the spec's messages", () => {
  it("name: required, 2 to 200", async () => {
    expect(await errorsOf({ name: "" })).toEqual({ name: "This field cannot remain empty" });
    expect(await errorsOf({ name: "   " })).toEqual({ name: "This field cannot remain empty" });
    expect(await errorsOf({ name: "A" })).toEqual({ name: "Name is too short - should be 2 chars minimum" });
    expect(await errorsOf({ name: text(201) })).toEqual({ name: "Name is too long - should be 200 chars maximum" });
    expect((await saved({ name: text(200) })).name).toBe(text(200));
  });

  it("delay: 1-60 days, 1-48 weeks, 1-24 months, a positive whole number", async () => {
    for (const [delayType, limit] of [
      [DelayType.Day, 60],
      [DelayType.Week, 48],
      [DelayType.Month, 24],
    ]) {
      expect(await errorsOf({ delayType, delayValue: limit + 1 })).toEqual({
        delayValue: `The value must not be greater than ${limit}`,
      });
      expect((await saved({ delayType, delayValue: limit })).delayValue).toBe(limit);
    }
    for (const delayValue of [-1, 1.5, null, "abc"])
      expect(await errorsOf({ delayValue }), String(delayValue)).toEqual({
        delayValue: "The value must be a positive number",
      });
  });

  it("a delay of 0 or sendImmediately sends at once; a specific date needs no delay", async () => {
    expect(await saved({ delayValue: 0 })).toMatchObject({ delayValue: 0, sendImmediately: true });
    expect(await saved({ delayValue: 99, sendImmediately: true })).toMatchObject({
      delayValue: 0,
      sendImmediately: true,
    });
    const at = minutes(60 * 24 * 3);
    const dated = await saved({
      triggerEvent: CampaignTrigger.OnSpecificDateTime,
      delayValue: 999,
      scheduledDateTime: at,
    });
    expect(dated).toMatchObject({ triggerEvent: 1, sendImmediately: false, scheduledDateTime: at });
  });

  it("specific date: required and in the future ('Date' for an earlier day, 'Time' for earlier today)", async () => {
    const dated = { triggerEvent: CampaignTrigger.OnSpecificDateTime };
    expect(await errorsOf({ ...dated })).toEqual({ scheduledDateTime: "Date is required" });
    expect(await errorsOf({ ...dated, scheduledDateTime: "not a date" })).toHaveProperty("scheduledDateTime");
    expect(await errorsOf({ ...dated, scheduledDateTime: minutes(-3 * 24 * 60) })).toEqual({
      scheduledDateTime: "Date should be in future",
    });
    // A moment ago is still today in the company's zone (UTC here): the time is the one to blame.
    await db.update(companies).set({ timezone: "UTC" }).where(eq(companies.id, f.companyId));
    const justNow = new Date(Date.now() - 1000);
    if (justNow.getUTCDate() === new Date().getUTCDate())
      expect(await errorsOf({ ...dated, scheduledDateTime: justNow.toISOString() })).toEqual({
        scheduledDateTime: "Time should be in future",
      });
    await db.update(companies).set({ timezone: "America/New_York" }).where(eq(companies.id, f.companyId));
    expect(await errorsOf({ triggerEvent: 7 })).toEqual({ triggerEvent: "Choose when the campaign is sent" });
  });

  it("text: 2-320 characters, only once the company's Twilio account is fully set up", async () => {
    const texted = { channel: 1, subject: "", emailMessage: "" };
    expect(await errorsOf({ ...texted, smsMessage: "x" })).toEqual({
      smsMessage: "Message text is too short - should be 2 chars minimum",
    });
    expect(await errorsOf({ ...texted, smsMessage: text(321) })).toEqual({
      smsMessage: "Message text is too long - should be 320 chars maximum",
    });
    expect(await saved({ ...texted, smsMessage: text(320) })).toMatchObject({ channel: 1, smsMessage: text(320) });
    expect(await saved({ channel: 3, smsMessage: "Hi there" })).toMatchObject({ channel: 3 });

    await db.update(companies).set({ messagingReady: false }).where(eq(companies.id, f.companyId));
    try {
      for (const channel of [1, 3])
        expect(await errorsOf({ channel, smsMessage: "Hi there" })).toEqual({
          channel: "Text messages can be sent once the company's Twilio account is fully set up",
        });
      expect((await saved({ channel: 2 })).channel).toBe(2);
    } finally {
      await db.update(companies).set({ messagingReady: true }).where(eq(companies.id, f.companyId));
    }
    expect(await errorsOf({ channel: 0 })).toEqual({ channel: "Choose how the campaign is sent" });
    expect(await errorsOf({ channel: 4 })).toEqual({ channel: "Choose how the campaign is sent" });
  });

  it("email: subject 2-100 and a message", async () => {
    expect(await errorsOf({ subject: "x" })).toEqual({ subject: "Subject is too short - should be 2 chars minimum" });
    expect(await errorsOf({ subject: text(101) })).toEqual({
      subject: "Subject is too long - should be 100 chars maximum",
    });
    expect(await errorsOf({ emailMessage: "" })).toEqual({ emailMessage: "This field cannot remain empty" });
    expect(await errorsOf({ emailMessage: " " })).toEqual({ emailMessage: "This field cannot remain empty" });
    expect(await saved({ subject: text(100) })).toMatchObject({ subject: text(100) });
    // Min 2, no maximum (spec section 5): only the request's size limit stops a longer one.
    expect(await errorsOf({ emailMessage: "x" })).toEqual({
      emailMessage: "Email message is too short - should be 2 chars minimum",
    });
    const long = `${"A long newsletter. ".repeat(10_000)}The end.`;
    expect(await saved({ emailMessage: long })).toMatchObject({ message: long });
    // A text-only campaign needs no subject nor email message.
    expect(await saved({ channel: 1, subject: "", emailMessage: "", smsMessage: "Hi" })).toMatchObject({
      subject: null,
      message: null,
    });
  });

  it("every failing field at once", async () => {
    expect(
      await errorsOf({
        name: "",
        delayValue: 61,
        subject: "",
        emailMessage: "",
        includeTagIds: [f.vip],
        excludeTagIds: [f.vip],
      }),
    ).toEqual({
      name: "This field cannot remain empty",
      delayValue: "The value must not be greater than 60",
      subject: "Subject is too short - should be 2 chars minimum",
      emailMessage: "This field cannot remain empty",
      excludeTagIds: "A tag cannot be both included and excluded",
      selectedCustomersNumber: "At least 1 customer should be selected",
    });
  });
});

describe("the audience, counted by the server", () => {
  it("include tags (any) and exclude tags (none); a tag not in both", async () => {
    expect((await saved({ includeTagIds: [f.vip], selectedCustomersNumber: 0 })).selectedCustomersNumber).toBe(2);
    const both = await saved({ includeTagIds: [f.vip], excludeTagIds: [f.late], selectedCustomersNumber: 500 });
    expect(both).toMatchObject({
      selectedCustomersNumber: 1,
      targetAudienceFilters: {
        includeTags: [{ id: f.vip, label: "VIP" }],
        excludeTags: [{ id: f.late, label: "Late" }],
      },
    });
    expect((await saved({ excludeTagIds: [f.late] })).selectedCustomersNumber).toBe(2);
    expect((await saved({ includeTagIds: [f.vip, f.late] })).selectedCustomersNumber).toBe(2);
    expect(await errorsOf({ includeTagIds: [f.vip], excludeTagIds: [f.vip] })).toMatchObject({
      excludeTagIds: "A tag cannot be both included and excluded",
    });
  });

  it("whatever count the caller sends, the stored one is the server's", async () => {
    expect((await saved({ selectedCustomersNumber: 999_999 })).selectedCustomersNumber).toBe(3);
    expect((await saved({ selectedCustomersNumber: 0 })).selectedCustomersNumber).toBe(3);
    // Nobody left: refused whatever the caller says.
    expect(
      await errorsOf({ includeTagIds: [f.vip], excludeCustomerIds: [f.ann, f.ben], selectedCustomersNumber: 5 }),
    ).toEqual({ selectedCustomersNumber: "At least 1 customer should be selected" });
  });

  it("check all minus the excluded, or only the included; another company's customers are dropped", async () => {
    const minus = await saved({ excludeCustomerIds: [f.ann, f.zed] });
    expect(minus).toMatchObject({ selectedCustomersNumber: 2, excludeCustomerIds: [f.ann], includeCustomerIds: [] });
    const only = await saved({ includeCustomerIds: [f.cal, f.zed, f.ben, f.cal] });
    expect(only).toMatchObject({ selectedCustomersNumber: 2, excludeCustomerIds: [] });
    expect([...only.includeCustomerIds].sort()).toEqual([f.ben, f.cal].sort());
    expect(await errorsOf({ includeCustomerIds: [f.zed] })).toEqual({
      selectedCustomersNumber: "At least 1 customer should be selected",
    });
    // Only the included, narrowed by the tags.
    expect((await saved({ includeCustomerIds: [f.ann, f.cal], includeTagIds: [f.vip] })).selectedCustomersNumber).toBe(
      1,
    );
  });

  it("another company's tag is no filter and tells nothing", async () => {
    const unknown = 2_000_000_000;
    for (const field of ["includeTagIds", "excludeTagIds"]) {
      const theirs = await errorsOf({ [field]: [f.theirTag] });
      expect(theirs).toMatchObject({ includeTagIds: "Choose tags of your customers" });
      // The same answer as for a tag that does not exist: nothing learnt about the other company.
      expect(theirs).toEqual(await errorsOf({ [field]: [unknown] }));
    }
    const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.companyId, f.otherCompanyId));
    expect(rows).toEqual([]);
  });

  it("cities are sent empty and nothing else", async () => {
    expect(await errorsOf({ includeCities: ["Springfield"] })).toHaveProperty("includeCities");
    expect(await saved({ includeCities: [], excludeCities: [] })).toMatchObject({
      includeCities: [],
      excludeCities: [],
    });
  });
});
