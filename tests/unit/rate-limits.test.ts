import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitMessage } from "~/services/rate-limits.server";

describe("rate limit helpers", () => {
  it("reads the client address only from the load context", () => {
    expect(clientAddress({ clientAddress: "203.0.113.5" })).toBe("203.0.113.5");
    expect(clientAddress({})).toBeNull();
    expect(clientAddress(undefined)).toBeNull();
  });

  it("says how long to wait in whole minutes", () => {
    expect(rateLimitMessage(1)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(rateLimitMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
  });
});
