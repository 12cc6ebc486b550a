import { describe, expect, it } from "vitest";
import { describeSegments, smsSegments } from "~/models/messaging/variables";

describe("SMS segments", () => {
  it("GSM-7: 160 characters in one, 153 per segment beyond", () => {
    expect(smsSegments("").segments).toBe(0);
    expect(smsSegments("a").segments).toBe(1);
    expect(smsSegments("a".repeat(160))).toMatchObject({
      encoding: "GSM-7",
      characters: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(smsSegments("a".repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
  });

  it("extension characters count two", () => {
    expect(smsSegments("€".repeat(80))).toMatchObject({ encoding: "GSM-7", characters: 160, segments: 1 });
    expect(smsSegments(`${"a".repeat(159)}{`)).toMatchObject({ characters: 161, segments: 2 });
    expect(smsSegments("é ñ ü à £ ¥ §").encoding).toBe("GSM-7");
  });

  it("a character outside GSM-7 counts the whole text 70, then 67", () => {
    expect(smsSegments(`${"a".repeat(69)}’`)).toMatchObject({
      encoding: "UCS-2",
      characters: 70,
      segments: 1,
      nonGsmCharacters: ["’"],
    });
    expect(smsSegments(`${"a".repeat(70)}’`)).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 units.
    expect(smsSegments("😀".repeat(35))).toMatchObject({ characters: 70, segments: 1 });
    expect(smsSegments("😀".repeat(36))).toMatchObject({ characters: 72, segments: 2 });
  });

  it("says why beside the count", () => {
    expect(describeSegments(smsSegments("Hello"))).toBe(
      "1 segment (5 characters; 160 fit in one text, 153 per segment beyond)",
    );
    expect(describeSegments(smsSegments("Hi ’"))).toBe(
      "1 segment (4 characters; Unicode because of ’: 70 fit in one text, 67 per segment beyond)",
    );
  });
});
