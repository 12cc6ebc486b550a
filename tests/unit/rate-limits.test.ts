import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import {
  clientAddress,
  RateLimited,
  rateLimitMessage,
  SIGN_IN_FAILURES,
  signInProtection,
} from "~/services/rate-limits.server";

describe("rate limit helpers", () => {
  it.each([
    [{ clientAddress: "203.0.113.5" }, "203.0.113.5"],
    [{}, null],
    [undefined, null],
  ])("reads the client address only from the load context (%o gives %s)", (context, address) => {
    expect(clientAddress(context)).toBe(address);
  });

  it("says how long to wait in whole minutes", () => {
    expect(rateLimitMessage(1)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(rateLimitMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
  });
});

describe("failed sign-ins (login endpoint protection)", () => {
  const fresh = () =>
    signInProtection({
      byEmailAndAddress: new RateLimiterMemory(SIGN_IN_FAILURES.byEmailAndAddress),
      byAddress: new RateLimiterMemory(SIGN_IN_FAILURES.byAddress),
    });
  const owner = (address: string) => ({ email: "Owner@Example.com", address });
  /** How long the call says to wait: 0 when it goes through, else the retry-after of its RateLimited. */
  const wait = (run: Promise<void>) =>
    run.then(
      () => 0,
      (error: unknown) => {
        if (error instanceof RateLimited) return error.retryAfterSeconds;
        throw error;
      },
    );

  it("blocks an email from one address for an hour after 10 failures in a row", async () => {
    const limits = fresh();
    for (let i = 0; i < 10; i++) {
      expect(await wait(limits.check(owner("198.51.100.1")))).toBe(0);
      expect(await wait(limits.failed(owner("198.51.100.1")))).toBe(0);
    }
    expect(await wait(limits.check(owner("198.51.100.1")))).toBe(0);
    const blocked = await wait(limits.failed(owner("198.51.100.1")));
    expect(blocked).toBeGreaterThan(3500);
    expect(blocked).toBeLessThanOrEqual(3600);
    // Blocked even before the password is looked at, whatever the spelling of the email.
    expect(await wait(limits.check({ email: " owner@example.COM", address: "198.51.100.1" }))).toBeGreaterThan(3500);
  });

  it("leaves the owner's own address alone", async () => {
    const limits = fresh();
    for (let i = 0; i < 11; i++) await wait(limits.failed(owner("198.51.100.1")));
    expect(await wait(limits.check(owner("198.51.100.1")))).toBeGreaterThan(0);
    expect(await wait(limits.check(owner("203.0.113.9")))).toBe(0);
    // Another email from the attacking address is not blocked by the first one's count.
    expect(await wait(limits.check({ email: "someone@example.com", address: "198.51.100.1" }))).toBe(0);
  });

  it("forgets the failures in a row of an email at an address after a success there", async () => {
    const limits = fresh();
    for (let i = 0; i < 9; i++) await limits.failed(owner("198.51.100.1"));
    await limits.succeeded(owner("198.51.100.1"));
    for (let i = 0; i < 10; i++) expect(await wait(limits.failed(owner("198.51.100.1")))).toBe(0);
    expect(await wait(limits.failed(owner("198.51.100.1")))).toBeGreaterThan(0);
  });

  it("blocks an address for a day after 100 failures, whichever emails", async () => {
    const limits = fresh();
    for (let i = 0; i < 100; i++)
      expect(await wait(limits.failed({ email: `guess-${i}@example.com`, address: "198.51.100.2" }))).toBe(0);
    const blocked = await wait(limits.failed({ email: "guess-100@example.com", address: "198.51.100.2" }));
    expect(blocked).toBeGreaterThan(86_000);
    expect(await wait(limits.check(owner("198.51.100.2")))).toBeGreaterThan(86_000);
    // A success does not clear the address's day.
    await limits.succeeded(owner("198.51.100.2"));
    expect(await wait(limits.check(owner("198.51.100.2")))).toBeGreaterThan(86_000);
    expect(await wait(limits.check(owner("198.51.100.3")))).toBe(0);
  });
});
