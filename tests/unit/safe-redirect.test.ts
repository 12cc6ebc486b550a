import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/sessions.server";

// Return addresses an attacker would try: each must fall back to the default page.
const refused: [string, string][] = [
  ["protocol-relative", "//evil.com"],
  ["protocol-relative with a path", "//evil.com/login"],
  ["backslash after the slash", "/\\evil.com"],
  ["backslashes only", "\\\\evil.com"],
  ["backslash later in the path", "/ok\\..\\\\evil.com"],
  ["tab between the slashes", "/\t/evil.com"],
  ["newline between the slashes", "/\n/evil.com"],
  ["carriage return", "/\r/evil.com"],
  ["NUL byte", "/\u0000/evil.com"],
  ["encoded slashes", "/%2F%2Fevil.com"],
  ["encoded slashes, lower case", "/%2f%2fevil.com"],
  ["encoded backslash", "/%5Cevil.com"],
  ["encoded backslash after a slash", "/%5C%5Cevil.com"],
  ["encoded tab", "/%09/evil.com"],
  ["double-encoded slashes", "/%252F%252Fevil.com"],
  ["dot segment to a double slash", "/.//evil.com"],
  ["parent segment to a double slash", "/..//evil.com"],
  ["javascript scheme", "javascript:alert(1)"],
  ["javascript scheme after a slash-less space", " javascript:alert(1)"],
  ["data scheme", "data:text/html,<script>alert(1)</script>"],
  ["absolute https", "https://evil.com"],
  ["absolute http without slashes", "http:evil.com"],
  ["scheme with a path", "http:/evil.com"],
  ["leading space", " /dashboard"],
  ["no leading slash", "dashboard"],
  ["user info", "//user@evil.com"],
  ["empty", ""],
];

const kept: [string, string][] = [
  ["/ok?x=1", "/ok?x=1"],
  ["/customers", "/customers"],
  ["/jobs?page=2&sort=date", "/jobs?page=2&sort=date"],
  ["/customers/12#notes", "/customers/12#notes"],
  // An encoded slash in the query is search text, not a path.
  ["/customers?search=a%2Fb", "/customers?search=a%2Fb"],
  ["/schedule?view=week&date=2025-03-09", "/schedule?view=week&date=2025-03-09"],
];

describe("safeRedirect", () => {
  it.each(refused)("refuses %s (%j)", (_name, payload) => {
    expect(safeRedirect(payload)).toBe("/");
    expect(safeRedirect(payload, "/dashboard")).toBe("/dashboard");
  });

  it.each(kept)("keeps %j", (payload, expected) => {
    expect(safeRedirect(payload, "/fallback")).toBe(expected);
  });

  it("falls back for values that are not text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/jobs/3")).toBe("/jobs/3");
    expect(safeRedirect(new File(["x"], "x.txt"), "/jobs/3")).toBe("/jobs/3");
  });

  it("answers a path that stays on the site when resolved against any origin", () => {
    for (const [, payload] of [...refused, ...kept]) {
      const result = safeRedirect(payload, "/");
      for (const origin of ["https://app.example.com", "http://localhost:3000"])
        expect(new URL(result, origin).origin).toBe(origin);
      // The browser's own reading of a Location header: no host of its own.
      expect(result.startsWith("/") && !result.startsWith("//") && !result.includes("\\")).toBe(true);
    }
  });
});
