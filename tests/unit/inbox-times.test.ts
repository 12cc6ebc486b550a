import { describe, expect, it } from "vitest";
import { conversationTime, messageTime } from "~/components/inbox-list";
import { DATE_SHORT, formatInZone, TIME } from "~/utils/format";

// The inbox formats its times without dayjs (a thread page shows a hundred): the same texts as formatInZone.
const ZONES = ["America/New_York", "America/Los_Angeles", "America/St_Johns", "America/Halifax", "UTC", "Asia/Kolkata"];
// Every 131 minutes over a year: both daylight saving changes, midnight and noon, 1st to 31st.
const instants = Array.from({ length: 4_100 }, (_, i) =>
  new Date(Date.UTC(2025, 11, 30) + i * 131 * 60_000).toISOString(),
);

describe("the inbox's times", () => {
  it("a message's time reads as formatInZone's long form in every zone", () => {
    const differ = ZONES.flatMap((zone) =>
      instants
        .filter((at) => messageTime(at, zone) !== formatInZone(at, zone))
        .map((at) => `${at} ${zone}: ${messageTime(at, zone)}`),
    );
    expect(differ).toEqual([]);
    expect(messageTime("2026-11-03T14:05:00.000Z", "America/New_York")).toBe("Nov 3rd, 2026 09:05 am");
    expect(messageTime("2026-03-22T00:30:00.000Z", "UTC")).toBe("Mar 22nd, 2026 12:30 am");
    expect(messageTime("2026-07-11T12:00:00.000Z", "UTC")).toBe("Jul 11th, 2026 12:00 pm");
  });

  it("a conversation's time is today's hour, else its day", () => {
    const now = new Date();
    for (const zone of ZONES) {
      expect(conversationTime(now.toISOString(), zone)).toBe(formatInZone(now, zone, TIME));
      const old = new Date(now.getTime() - 3 * 86_400_000).toISOString();
      expect(conversationTime(old, zone)).toBe(formatInZone(old, zone, DATE_SHORT));
    }
  });
});
