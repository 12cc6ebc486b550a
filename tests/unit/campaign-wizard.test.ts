import { describe, expect, test } from "vitest";
import {
  campaignImageSrc,
  formEntries,
  isPicked,
  readWizardForm,
  stepOfField,
  withImageLine,
  withPagePicks,
  withTriggerRules,
  wizardIntentSchema,
  wizardStepSchema,
} from "~/models/campaigns/campaign-wizard";
import {
  CampaignTrigger,
  DelayType,
  localDateTime,
  NEW_CAMPAIGN_FORM,
  scheduledInstant,
  wizardErrors,
  type CampaignForm,
} from "~/models/campaigns/campaigns.schema";
import { textToHtml } from "~/models/messaging/variables";

const form = (patch: Partial<CampaignForm> = {}): CampaignForm => ({ ...NEW_CAMPAIGN_FORM, ...patch });
const posted = (pairs: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of pairs) data.append(k, v);
  return data;
};

describe("readWizardForm", () => {
  test("lists take every value, a checkbox after its hidden false wins, the rest their last value", () => {
    const read = readWizardForm(
      posted([
        ["name", "Spring tune-up"],
        ["triggerEvent", "0"],
        ["delayValue", "3"],
        ["delayType", "1"],
        ["sendImmediately", "false"],
        ["sendImmediately", "true"],
        ["checkAll", "false"],
        ["channelEmail", "false"],
        ["channelEmail", "true"],
        ["channelText", "false"],
        ["includeTagIds", "4"],
        ["includeTagIds", "5"],
        ["excludeCustomerIds", "9"],
        ["selectedCustomersNumber", "12"],
      ]),
    );
    expect(read).toMatchObject({
      name: "Spring tune-up",
      triggerEvent: 0,
      delayValue: 3,
      delayType: 1,
      sendImmediately: true,
      checkAll: false,
      channelEmail: true,
      channelText: false,
      includeTagIds: [4, 5],
      excludeTagIds: [],
      excludeCustomerIds: [9],
    });
  });

  test("a value that does not parse is dropped, so the rules speak about it", () => {
    const read = readWizardForm(
      posted([
        ["name", "Ok name"],
        ["triggerEvent", "0"],
        ["delayValue", "abc"],
        ["delayType", "x"],
        ["includeTagIds", "-3"],
      ]),
    );
    expect(read.delayValue).toBeUndefined();
    expect(read.delayType).toBe(DelayType.Day);
    expect(read.includeTagIds).toEqual([]);
    expect(wizardErrors(read, { now: new Date(), timeZone: "UTC", canSendTexts: false }, 1).delayValue).toBe(
      "The value must be a positive number",
    );
  });

  test("round trip through formEntries", () => {
    const original = form({
      name: "Fall",
      triggerEvent: CampaignTrigger.JobFinished,
      delayValue: 2,
      sendImmediately: true,
      includeTagIds: [1, 2],
      excludeCustomerIds: [7],
      channelText: true,
      selectedCustomersNumber: 5,
    });
    expect(readWizardForm(posted(formEntries(original)))).toEqual(original);
  });
});

describe("withTriggerRules (spec section 4)", () => {
  test("after the job was finished clears the specific date and time", () => {
    const f = withTriggerRules(
      form({ triggerEvent: CampaignTrigger.JobFinished, specificDate: "2030-01-01", specificTime: "10:00 am" }),
    );
    expect(f.specificDate).toBeUndefined();
    expect(f.specificTime).toBeUndefined();
  });

  test("a specific date resets the delay to 1 day, not immediately", () => {
    const f = withTriggerRules(
      form({ triggerEvent: CampaignTrigger.OnSpecificDateTime, delayValue: 9, delayType: 2, sendImmediately: true }),
    );
    expect(f).toMatchObject({ delayValue: 1, delayType: DelayType.Day, sendImmediately: false });
  });
});

describe("withPagePicks", () => {
  const page = { shown: [1, 2, 3], picked: [1, 3], checkAllShown: true };

  test("with check all an unticked customer is excluded, a ticked one taken back", () => {
    const f = withPagePicks(form({ checkAll: true, excludeCustomerIds: [1, 8] }), page);
    expect(f.excludeCustomerIds).toEqual([8, 2]);
    expect(f.includeCustomerIds).toEqual([]);
    expect(isPicked(f, 1)).toBe(true);
    expect(isPicked(f, 2)).toBe(false);
    expect(isPicked(f, 99)).toBe(true);
  });

  test("without check all a ticked customer is included, an unticked one dropped", () => {
    const f = withPagePicks(form({ checkAll: false, includeCustomerIds: [2, 8] }), { ...page, checkAllShown: false });
    expect(f.includeCustomerIds).toEqual([8, 1, 3]);
    expect(f.excludeCustomerIds).toEqual([]);
    expect(isPicked(f, 99)).toBe(false);
  });

  test("check all turned off (or on) starts the picks afresh, whatever the boxes say", () => {
    const f = withPagePicks(form({ checkAll: false, excludeCustomerIds: [5], includeCustomerIds: [6] }), page);
    expect(f.excludeCustomerIds).toEqual([]);
    expect(f.includeCustomerIds).toEqual([]);
  });
});

describe("steps, intents, images", () => {
  test("each field's step; the API's instant belongs to the trigger", () => {
    expect(stepOfField("name")).toBe(0);
    expect(stepOfField("specificTime")).toBe(1);
    expect(stepOfField("scheduledDateTime")).toBe(1);
    expect(stepOfField("channel")).toBe(2);
    expect(stepOfField("smsMessage")).toBe(3);
    expect(stepOfField("excludeTagIds")).toBe(4);
    expect(stepOfField("_global")).toBeNull();
  });

  test("intents and steps", () => {
    expect(wizardIntentSchema.safeParse("page:3").success).toBe(true);
    expect(wizardIntentSchema.safeParse("save-live").success).toBe(true);
    expect(wizardIntentSchema.safeParse("page:x").success).toBe(false);
    expect(wizardIntentSchema.safeParse("delete").success).toBe(false);
    expect(wizardStepSchema.parse("4")).toBe(4);
    expect(wizardStepSchema.parse("9")).toBe(0);
  });

  test("an added image is its own paragraph, shown as an image only from the campaign folder", () => {
    const url = "/files/12/campaign-images/abcdefghijklmnopqrstuvwx.png";
    const message = withImageLine("Hello there", url);
    expect(message).toBe(`Hello there\n\n![image](${url})`);
    expect(withImageLine("", url)).toBe(`![image](${url})`);
    expect(textToHtml(message, "", campaignImageSrc)).toContain(`<img src="${url}" alt="image"`);
    expect(campaignImageSrc("https://evil.example/x.png")).toBeNull();
    expect(campaignImageSrc("/files/12/logos/abcdefghijklmnopqrstuvwx.png")).toBeNull();
  });
});

describe("a specific date and time, in the company's zone (spec: specificTime 'hh:mm a')", () => {
  const at = (date: string, time: string, zone: string) => scheduledInstant(date, time, zone)?.toISOString();
  test("the same wall-clock time is a different instant in each zone, in winter and in summer", () => {
    expect(at("2030-01-15", "10:00 am", "America/New_York")).toBe("2030-01-15T15:00:00.000Z");
    expect(at("2030-07-15", "10:00 am", "America/New_York")).toBe("2030-07-15T14:00:00.000Z");
    expect(at("2030-07-15", "10:00 AM", "America/Los_Angeles")).toBe("2030-07-15T17:00:00.000Z");
    expect(at("2030-07-15", "10:00", "America/Phoenix")).toBe("2030-07-15T17:00:00.000Z");
    expect(at("2030-01-15", "10:00 am", "America/St_Johns")).toBe("2030-01-15T13:30:00.000Z");
    expect(at("2030-07-15", "02:15 pm", "America/Halifax")).toBe("2030-07-15T17:15:00.000Z");
  });

  test("across the clock changes: a time the spring skips is the hour after, a time autumn repeats is its first", () => {
    expect(at("2030-03-10", "01:59 am", "America/New_York")).toBe("2030-03-10T06:59:00.000Z");
    expect(at("2030-03-10", "02:30 am", "America/New_York")).toBe("2030-03-10T07:30:00.000Z");
    expect(at("2030-03-10", "10:00 am", "America/New_York")).toBe("2030-03-10T14:00:00.000Z");
    expect(at("2030-11-03", "01:30 am", "America/New_York")).toBe("2030-11-03T05:30:00.000Z");
    expect(at("2030-11-03", "10:00 am", "America/New_York")).toBe("2030-11-03T15:00:00.000Z");
    // Shown again as typed (the edit form), the skipped time as the clocks read it.
    expect(localDateTime(new Date("2030-11-03T15:00:00Z"), "America/New_York")).toEqual({
      date: "2030-11-03",
      time: "10:00 am",
    });
    expect(localDateTime(new Date("2030-03-10T07:30:00Z"), "America/New_York").time).toBe("03:30 am");
  });

  test("a missing or malformed date or time is no instant", () => {
    for (const [date, time] of [
      ["", "10:00 am"],
      ["2030-01-15", ""],
      ["15/01/2030", "10:00 am"],
      ["2030-01-15", "25:00"],
      ["2030-01-15", "13:00 pm"],
      ["2030-01-15", "ten"],
    ])
      expect(scheduledInstant(date, time, "America/New_York"), `${date} ${time}`).toBeNull();
  });
});
