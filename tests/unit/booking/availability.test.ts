import { describe, expect, it } from "vitest";
import {
  bookingRange,
  candidateDays,
  earliestStart,
  freeEmployee,
  busyByEmployee,
  gridWindowAt,
  openDays,
  type BookingRules,
  type BusySpan,
} from "~/models/booking/availability.server";
import { BOOKING_HORIZON_DAYS, defaultWorkHours, LeadTimeUnit } from "~/models/booking/booking.schema";
import { toFloating } from "~/models/jobs/job-recurrence";

const NY = "America/New_York";
const rules = (over: Partial<BookingRules> = {}): BookingRules => ({
  timezone: NY,
  durationMinutes: 120,
  leadTimeAmount: 2,
  leadTimeUnit: LeadTimeUnit.Hours,
  bufferMinutes: 0,
  workHours: defaultWorkHours(),
  ...over,
});
/** Wall-clock 'HH:mm' of an instant in New York. */
const wall = (d: Date) => toFloating(d, NY).toISOString().slice(11, 16);
const at = (iso: string) => new Date(iso);
// Tuesday 24 November 2026, 07:00 in New York (EST, UTC-5).
const NOW = at("2026-11-24T12:00:00Z");
const span = (employeeId: number, from: string, to: string): BusySpan => ({
  employeeId,
  start: at(from).getTime(),
  end: at(to).getTime(),
});

/** The first candidate day from `from` to `to` of hour-long visits, no lead time, open 00:00-06:00 every day. */
const firstNightDay = (from: string, to: string) => {
  const night = defaultWorkHours().map((d) => ({ ...d, startMinutes: 0, endMinutes: 6 * 60 }));
  return candidateDays(rules({ durationMinutes: 60, leadTimeAmount: 0, workHours: night }), at(from), at(to))[0]!;
};

describe("open windows", () => {
  it("fall inside the working hours on a 30-minute grid, from now plus the lead time in hours", () => {
    const days = openDays(rules(), [1], [], NOW);
    expect(days[0]!.date).toBe("2026-11-24");
    const first = days[0]!.windows;
    expect(wall(first[0]!.start)).toBe("09:00");
    expect(wall(first[0]!.end)).toBe("11:00");
    expect(wall(first[1]!.start)).toBe("09:30");
    expect(wall(first.at(-1)!.start)).toBe("20:00");
    expect(wall(first.at(-1)!.end)).toBe("22:00");
    // A full day: 05:00 to 20:00 starts.
    expect(days[1]!.windows.map((w) => wall(w.start))).toHaveLength(31);
    expect(wall(days[1]!.windows[0]!.start)).toBe("05:00");
  });

  it("skip closed weekdays and follow each weekday's hours", () => {
    const hours = defaultWorkHours().map((d) =>
      d.weekday === 3
        ? { ...d, isOpen: false }
        : d.weekday === 4
          ? { ...d, startMinutes: 8 * 60, endMinutes: 12 * 60 }
          : d,
    );
    const days = openDays(rules({ workHours: hours }), [1], [], NOW);
    expect(days.map((d) => d.date).slice(0, 3)).toEqual(["2026-11-24", "2026-11-26", "2026-11-27"]);
    expect(days[1]!.windows.map((w) => wall(w.start))).toEqual(["08:00", "08:30", "09:00", "09:30", "10:00"]);
  });

  it("start a lead time in days at the start of that day, and reach BOOKING_HORIZON_DAYS days", () => {
    const r = rules({ leadTimeAmount: 2, leadTimeUnit: LeadTimeUnit.Days });
    expect(earliestStart(r, NOW).toISOString()).toBe("2026-11-26T05:00:00.000Z");
    const days = openDays(r, [1], [], NOW);
    expect(days[0]!.date).toBe("2026-11-26");
    expect(wall(days[0]!.windows[0]!.start)).toBe("05:00");
    expect(days).toHaveLength(BOOKING_HORIZON_DAYS);
    expect(days.at(-1)!.date).toBe("2027-01-24");
    expect(bookingRange(r, NOW).to.toISOString()).toBe("2027-01-25T05:00:00.000Z");
  });

  it("a lead time of 24 hours starts a day later at the same time", () => {
    const days = openDays(rules({ leadTimeAmount: 24 }), [1], [], NOW);
    expect(days[0]!.date).toBe("2026-11-25");
    expect(wall(days[0]!.windows[0]!.start)).toBe("07:00");
  });

  it("keep the buffer free before and after a busy visit", () => {
    // Busy 10:00-11:00 on Wednesday 25th; 30-minute buffer.
    const busy = [span(1, "2026-11-25T15:00:00Z", "2026-11-25T16:00:00Z")];
    const day = openDays(rules({ bufferMinutes: 30 }), [1], busy, NOW).find((d) => d.date === "2026-11-25")!;
    const starts = day.windows.map((w) => wall(w.start));
    expect(starts).toContain("07:30"); // ends 09:30, +30 = 10:00
    expect(starts).not.toContain("08:00");
    expect(starts).not.toContain("10:30");
    expect(starts).not.toContain("11:00");
    expect(starts).toContain("11:30"); // 11:00 + 30
    const noBuffer = openDays(rules(), [1], busy, NOW).find((d) => d.date === "2026-11-25")!;
    expect(noBuffer.windows.map((w) => wall(w.start))).toContain("08:00");
    expect(noBuffer.windows.map((w) => wall(w.start))).toContain("11:00");
  });

  it("stay open while one bookable employee is free, and close when all are busy", () => {
    const busy = [span(1, "2026-11-25T14:00:00Z", "2026-11-25T18:00:00Z")];
    const window = { start: at("2026-11-25T15:00:00Z"), end: at("2026-11-25T17:00:00Z") };
    expect(freeEmployee(window, [1, 2], busyByEmployee(busy), 0)).toBe(2);
    const both = [...busy, span(2, "2026-11-25T16:30:00Z", "2026-11-25T17:30:00Z")];
    expect(freeEmployee(window, [1, 2], busyByEmployee(both), 0)).toBeNull();
    const day = openDays(rules(), [1, 2], both, NOW).find((d) => d.date === "2026-11-25")!;
    expect(day.windows.map((w) => wall(w.start))).not.toContain("10:00");
    expect(openDays(rules(), [], [], NOW)).toEqual([]);
  });

  it("skip the wall times the clocks jump over on the spring-forward day (New York, 8 March 2026)", () => {
    const day = firstNightDay("2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z");
    expect(day.date).toBe("2026-03-08");
    const windows = day.windows;
    expect(windows.map((w) => wall(w.start))).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
    ]);
    // 01:30 EST + one real hour = 03:30 EDT.
    expect(wall(windows[3]!.end)).toBe("03:30");
    expect(windows[4]!.start.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(new Set(windows.map((w) => w.start.getTime())).size).toBe(windows.length);
  });

  it("offer the repeated hour once on the fall-back day (New York, 1 November 2026)", () => {
    const windows = firstNightDay("2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z").windows;
    expect(windows.map((w) => wall(w.start))).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "02:00",
      "02:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
    ]);
    // 01:00 is its first (daylight) occurrence; 02:00 is standard time, two real hours later.
    expect(windows[2]!.start.toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(windows[4]!.start.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    // A window lasts its real duration across the change: 01:30 EDT + 1 h = 01:30 EST.
    expect(windows[3]!.end.toISOString()).toBe("2026-11-01T06:30:00.000Z");
  });

  it("accept only a grid start at or after the earliest start as a window", () => {
    const r = rules();
    expect(gridWindowAt(r, at("2026-11-25T15:00:00Z"), NOW)?.end.toISOString()).toBe("2026-11-25T17:00:00.000Z");
    expect(gridWindowAt(r, at("2026-11-25T15:10:00Z"), NOW)).toBeNull();
    expect(gridWindowAt(r, at("2026-11-24T13:00:00Z"), NOW)).toBeNull(); // 08:00 today: inside the lead time
    expect(gridWindowAt(r, at("2026-11-26T02:00:00Z"), NOW)).toBeNull(); // 21:00: would end after closing
    expect(gridWindowAt(r, at("2027-06-01T15:00:00Z"), NOW)).toBeNull(); // past the horizon
  });
});
