import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { campaignDueAt } from "~/models/campaigns/campaign-schedule.server";
import { DelayType } from "~/models/campaigns/campaigns.schema";
import { useTestDatabase } from "../../helpers/db";

// When a job-finished campaign message goes (ADR 062): the finish day in the company's zone, plus the
// delay, at 10 a.m. local. The rule is SQL (one expression for writing and for moving after an edit),
// so it is checked on the database, across zones, the March and November clock changes and month ends.

useTestDatabase();

const NOW = "2029-01-01T00:00:00.000Z";

async function dueAt(finishedAt: string, timeZone: string, delayType: number, delayValue: number): Promise<string> {
  const expression = campaignDueAt({
    triggerAt: sql`${finishedAt}::timestamptz`,
    timeZone: sql`${timeZone}::text`,
    delayType: sql`${delayType}::int`,
    delayValue: sql`${delayValue}::int`,
    now: sql`${NOW}::timestamptz`,
  });
  const result = (await db.execute(sql`select (${expression}) as due`)) as unknown as
    { due: string | Date }[] | { rows: { due: string | Date }[] };
  const [row] = Array.isArray(result) ? result : result.rows;
  return new Date(row.due).toISOString();
}

const { Day, Week, Month } = DelayType;

describe("the due time of a job-finished campaign message", () => {
  it("no delay: at once", async () => {
    expect(await dueAt("2030-05-02T18:00:00Z", "America/New_York", Day, 0)).toBe(NOW);
  });

  it("counts from the finish day in the company's zone, not in UTC", async () => {
    // 22:30 EDT on June 14th is June 15th in UTC: a day later is June 15th at 10:00 EDT.
    expect(await dueAt("2030-06-15T02:30:00Z", "America/New_York", Day, 1)).toBe("2030-06-15T14:00:00.000Z");
    // 23:30 PST on March 8th: a week later, March 15th, is daylight time (10:00 PDT).
    expect(await dueAt("2030-03-09T07:30:00Z", "America/Los_Angeles", Week, 1)).toBe("2030-03-15T17:00:00.000Z");
  });

  it("keeps 10 a.m. local across the March change", async () => {
    // Clocks spring forward on Sunday March 10th 2030.
    expect(await dueAt("2030-03-08T20:00:00Z", "America/New_York", Day, 1)).toBe("2030-03-09T15:00:00.000Z");
    expect(await dueAt("2030-03-08T20:00:00Z", "America/New_York", Day, 2)).toBe("2030-03-10T14:00:00.000Z");
    expect(await dueAt("2030-03-09T18:00:00Z", "America/Los_Angeles", Day, 1)).toBe("2030-03-10T17:00:00.000Z");
    expect(await dueAt("2030-03-09T14:00:00Z", "America/Halifax", Day, 1)).toBe("2030-03-10T13:00:00.000Z");
    // Newfoundland: UTC-3:30, then -2:30.
    expect(await dueAt("2030-03-09T12:00:00Z", "America/St_Johns", Day, 1)).toBe("2030-03-10T12:30:00.000Z");
    // Arizona keeps standard time all year.
    expect(await dueAt("2030-03-09T20:00:00Z", "America/Phoenix", Day, 1)).toBe("2030-03-10T17:00:00.000Z");
    // A month from February (standard) lands in daylight time.
    expect(await dueAt("2030-02-15T17:00:00Z", "America/New_York", Month, 1)).toBe("2030-03-15T14:00:00.000Z");
  });

  it("keeps 10 a.m. local across the November change", async () => {
    // Clocks fall back on Sunday November 3rd 2030.
    expect(await dueAt("2030-11-01T18:00:00Z", "America/New_York", Day, 1)).toBe("2030-11-02T14:00:00.000Z");
    expect(await dueAt("2030-11-01T18:00:00Z", "America/New_York", Day, 2)).toBe("2030-11-03T15:00:00.000Z");
    expect(await dueAt("2030-11-02T16:00:00Z", "America/Los_Angeles", Day, 1)).toBe("2030-11-03T18:00:00.000Z");
    expect(await dueAt("2030-11-02T12:00:00Z", "America/Halifax", Day, 1)).toBe("2030-11-03T14:00:00.000Z");
    expect(await dueAt("2030-11-02T12:00:00Z", "America/St_Johns", Day, 1)).toBe("2030-11-03T13:30:00.000Z");
    expect(await dueAt("2030-11-02T20:00:00Z", "America/Phoenix", Day, 1)).toBe("2030-11-03T17:00:00.000Z");
    expect(await dueAt("2030-10-27T14:00:00Z", "America/New_York", Week, 1)).toBe("2030-11-03T15:00:00.000Z");
  });

  it("a month after the 31st is the month's last day", async () => {
    expect(await dueAt("2031-01-31T15:00:00Z", "America/New_York", Month, 1)).toBe("2031-02-28T15:00:00.000Z");
    // 2032 is a leap year.
    expect(await dueAt("2032-01-31T15:00:00Z", "America/New_York", Month, 1)).toBe("2032-02-29T15:00:00.000Z");
    expect(await dueAt("2030-01-31T15:00:00Z", "America/St_Johns", Month, 1)).toBe("2030-02-28T13:30:00.000Z");
    expect(await dueAt("2030-03-31T15:00:00Z", "America/Los_Angeles", Month, 1)).toBe("2030-04-30T17:00:00.000Z");
    expect(await dueAt("2030-12-31T15:00:00Z", "America/Phoenix", Month, 2)).toBe("2031-02-28T17:00:00.000Z");
    expect(await dueAt("2030-08-31T15:00:00Z", "America/Halifax", Month, 24)).toBe("2032-08-31T13:00:00.000Z");
  });
});
