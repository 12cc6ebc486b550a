import { describe, expect, it } from "vitest";
import {
  addDays,
  coveredDays,
  layoutMonth,
  layoutTimeGrid,
  type ScheduleVisit,
  gridHours,
  isDateText,
  joinWall,
  placeVisits,
  rangeTitle,
  shiftDate,
  splitWall,
  timedSpan,
  visibleDays,
  wallMinutesBetween,
} from "~/models/schedule/schedule";
import { wallClock } from "~/models/schedule/schedule.server";
import { toFloating } from "~/models/jobs/job-recurrence";

describe("wall clock of instants in a zone", () => {
  it("gives what the zone's own conversion gives, minute by minute across both daylight-saving changes", () => {
    for (const [zone, from, to] of [
      ["America/New_York", "2026-03-07T00:00:00Z", "2026-03-10T00:00:00Z"],
      ["America/Vancouver", "2026-10-31T00:00:00Z", "2026-11-03T00:00:00Z"],
      ["America/St_Johns", "2026-03-07T00:00:00Z", "2026-03-10T00:00:00Z"],
    ] as const) {
      const range = { from: new Date(from), to: new Date(to) };
      const toWall = wallClock(zone, range.from, range.to);
      // Every 7 minutes 13 seconds over three days, and instants outside the range on both sides.
      for (let ms = range.from.getTime() - 86_400_000; ms < range.to.getTime() + 86_400_000; ms += 433_000)
        expect(toWall(ms), `${zone} ${new Date(ms).toISOString()}`).toBe(
          toFloating(new Date(ms), zone).toISOString().slice(0, 16),
        );
    }
  });
});

describe("schedule calendar arithmetic", () => {
  it("validates dates and wall-clock times", () => {
    expect(isDateText("2026-02-28")).toBe(true);
    expect(isDateText("2026-02-30")).toBe(false);
    expect(isDateText("2026-2-3")).toBe(false);
    expect(splitWall("2026-03-08T02:30")).toEqual({ date: "2026-03-08", minutes: 150 });
    expect(splitWall("2026-03-08T24:00")).toBeNull();
    expect(splitWall("2026-13-01T10:00")).toBeNull();
    // The date last accepted is kept: a bad one after it, or a bad time on it, is still refused.
    expect(splitWall("2026-02-28T10:05")).toEqual({ date: "2026-02-28", minutes: 605 });
    for (const bad of [
      "2026-02-29T10:05",
      "2026-02-28T1a:05",
      "2026-02-28 10:05",
      "2026-02-28T10:05Z",
      "2026-02-28T10:60",
      "2O26-02-28T10:05",
    ])
      expect(splitWall(bad), bad).toBeNull();
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(joinWall("2026-03-08", 1440 + 90)).toBe("2026-03-09T01:30");
    expect(wallMinutesBetween("2026-03-08T23:00", "2026-03-09T01:00")).toBe(120);
  });

  it("lays out weeks from Sunday and months in whole weeks", () => {
    expect(visibleDays("week", "2026-11-25")).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
    const month = visibleDays("month", "2026-11-10");
    expect([month[0], month.at(-1), month.length]).toEqual(["2026-11-01", "2026-12-05", 35]);
    expect(shiftDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(rangeTitle("week", "2026-12-30")).toBe("Dec 27, 2026 – Jan 2, 2027");
    expect(rangeTitle("week", "2026-11-25")).toBe("Nov 22 – 28, 2026");
  });

  it("places visits in the time grid or the all-day row", () => {
    expect(timedSpan({ start: "2026-11-22T22:00", end: "2026-11-23T00:00", isAllDay: false })).toEqual({
      date: "2026-11-22",
      start: 1320,
      end: 1440,
    });
    expect(timedSpan({ start: "2026-11-22T22:00", end: "2026-11-23T01:00", isAllDay: false })).toBeNull();
    expect(
      coveredDays(
        { start: "2026-11-22T00:00", end: "2026-11-24T00:00", isAllDay: true },
        visibleDays("week", "2026-11-22"),
      ),
    ).toEqual(["2026-11-22", "2026-11-23"]);
    expect(
      gridHours([
        { start: 240, end: 300 },
        { start: 1300, end: 1390 },
      ]),
    ).toEqual({ start: 240, end: 1380 + 60 });
    const placed = placeVisits([
      { visit: "a", start: 540, end: 600 },
      { visit: "b", start: 550, end: 660 },
      { visit: "c", start: 600, end: 630 },
      { visit: "d", start: 700, end: 720 },
    ]);
    expect(placed.map((p) => [p.visit, p.column, p.columns, p.cluster])).toEqual([
      ["a", 0, 2, 0],
      ["b", 1, 2, 0],
      ["c", 0, 2, 0],
      ["d", 0, 1, 1],
    ]);
  });

  it("folds clusters wider than four into '+N more' and keeps the first visits of a month day", () => {
    const v = (id: number, start: string, end: string, isAllDay = false): ScheduleVisit => ({
      id,
      start,
      end,
      isAllDay,
      status: 1,
      isRecurring: false,
      customerName: `C${id}`,
      title: null,
      employeeIds: [],
    });
    const busy = Array.from({ length: 7 }, (_, i) => v(i + 1, "2026-11-23T09:00", "2026-11-23T10:00"));
    const layout = layoutTimeGrid([
      {
        key: "d",
        date: "2026-11-23",
        visits: [
          ...busy,
          v(8, "2026-11-23T00:00", "2026-11-24T00:00", true),
          v(9, "2026-11-23T04:00", "2026-11-23T04:30"),
        ],
      },
    ]);
    const [column] = layout.columns;
    expect(column.placed.map((p) => [p.visit.id, p.column, p.columns])).toEqual([
      [9, 0, 1],
      [1, 0, 4],
      [2, 1, 4],
      [3, 2, 4],
      [4, 3, 4],
    ]);
    expect(column.more).toEqual([{ start: 540, count: 3 }]);
    expect(column.allDay.map((a) => a.id)).toEqual([8]);
    expect(layout.hours).toEqual({ start: 240, end: 1320 });
    const month = layoutMonth(
      ["2026-11-23", "2026-11-24"],
      [...busy, v(8, "2026-11-23T00:00", "2026-11-25T00:00", true)],
    );
    expect(month.map((d) => [d.date, d.visits.map((x) => x.id), d.total])).toEqual([
      ["2026-11-23", [1, 2, 3], 8],
      ["2026-11-24", [8], 1],
    ]);
  });
});
