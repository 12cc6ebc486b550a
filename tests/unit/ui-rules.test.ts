import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { formatMoney, formatTimeText, parseTimeText } from "~/utils/format";
import { nextSort, pageCount, readListParams } from "~/utils/list-params";
import { messages, normalizePhone } from "~/utils/validation";
import { subscriptionState } from "~/access/access.server";

describe("table state in the URL", () => {
  it("cycles sort none, ascending, descending, none", () => {
    const asc = nextSort(null, "name");
    expect(asc).toEqual({ fieldName: "name", descending: false });
    const desc = nextSort(asc, "name");
    expect(desc).toEqual({ fieldName: "name", descending: true });
    expect(nextSort(desc, "name")).toBeNull();
  });

  it("reads page, page size from 10/25/50/100 and known sort fields only", () => {
    expect(readListParams("/x?page=3&pageSize=25&sort=name&order=desc", ["name"])).toEqual({
      page: 3,
      pageSize: 25,
      sort: { fieldName: "name", descending: true },
      search: "",
    });
    expect(readListParams("/x?page=-1&pageSize=7&sort=password", ["name"])).toEqual({
      page: 1,
      pageSize: 10,
      sort: null,
      search: "",
    });
    expect(pageCount(53, 10)).toBe(6);
    expect(pageCount(0, 10)).toBe(1);
  });
});

describe("formats", () => {
  it("shows money with a dollar sign and 2 decimals", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(5)).toBe("$0.05");
  });

  it("parses 'h[:mm] am|pm' with 12 am as hour 0 and 12 pm as hour 12", () => {
    expect(parseTimeText("12 am")).toBe(0);
    expect(parseTimeText("12:30 pm")).toBe(12 * 60 + 30);
    expect(parseTimeText("5:05 PM")).toBe(17 * 60 + 5);
    expect(parseTimeText("13:00 pm")).toBeNull();
    expect(parseTimeText("9:60 am")).toBeNull();
    expect(formatTimeText(17 * 60 + 5)).toBe("05:05 pm");
    expect(formatTimeText(0)).toBe("12:00 am");
  });
});

describe("validation catalogue", () => {
  it("uses the spec's exact texts", () => {
    expect(messages.required("First Name")).toBe("First Name is required");
    expect(messages.min("Name", 2)).toBe("Name is too short - should be 2 chars minimum");
    expect(messages.max("Subject", 100)).toBe("Subject is too long - should be 100 chars maximum");
    expect(messages.numberMin("Quantity", 1)).toBe("Quantity must be greater than or equal to 1");
    expect(messages.emailTaken("Jane Doe")).toBe("Email already taken by Jane Doe");
  });

  it("stores US and Canadian phones in E.164 and refuses others", () => {
    expect(normalizePhone("(704) 555-0134")).toBe("+17045550134");
    expect(normalizePhone("416 555 0199", "CA")).toBe("+14165550199");
    expect(normalizePhone("+44 20 7946 0958")).toBeNull();
    expect(normalizePhone("12")).toBeNull();
  });
});

describe("configuration", () => {
  it("gives a clear message for each wrong value", () => {
    expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", NODE_ENV: "production" })).toThrow(
      /PORT: PORT must be a number[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*SESSION_SECRET: SESSION_SECRET is required in production/,
    );
    expect(parseEnv({} as NodeJS.ProcessEnv).PORT).toBe(3000);
    expect(parseEnv({} as NodeJS.ProcessEnv).DATA_DIR).toBe("./data");
  });

  it("runs several worker processes only on PostgreSQL", () => {
    expect(() => parseEnv({ NODE_ENV: "development", WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database serves one process)",
    );
    expect(() => parseEnv({ NODE_ENV: "development", WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://x" })).toThrow(
      "WEB_CONCURRENCY must be between 1 and 64",
    );
    expect(
      parseEnv({ NODE_ENV: "development", WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://x" }).WEB_CONCURRENCY,
    ).toBe(4);
    expect(parseEnv({} as NodeJS.ProcessEnv).WEB_CONCURRENCY).toBe(1);
  });
});

describe("subscription state", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("is active during the trial and after paying, inactive after", () => {
    expect(
      subscriptionState(
        { status: 0, trialExpiration: new Date("2026-12-01"), expirationDate: null, hasPaymentMethod: false },
        now,
      ).isActive,
    ).toBe(true);
    expect(
      subscriptionState(
        { status: 0, trialExpiration: new Date("2026-11-01"), expirationDate: null, hasPaymentMethod: false },
        now,
      ).isActive,
    ).toBe(false);
    expect(
      subscriptionState({ status: 0, trialExpiration: null, expirationDate: null, hasPaymentMethod: false }, now)
        .isActive,
    ).toBe(false);
    expect(
      subscriptionState({ status: 2, trialExpiration: null, expirationDate: null, hasPaymentMethod: true }, now)
        .isActive,
    ).toBe(true);
    expect(
      subscriptionState({ status: 3, trialExpiration: null, expirationDate: null, hasPaymentMethod: true }, now)
        .isActive,
    ).toBe(false);
  });
});
