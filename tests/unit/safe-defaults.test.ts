import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { absoluteUrl, appUrl } from "~/http/app-url.server";

const production: NodeJS.ProcessEnv = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-production-secret-0123456789",
  APP_URL: "https://app.example.com",
};

function problems(source: NodeJS.ProcessEnv): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  return "(started)";
}

describe("configuration in production", () => {
  it("refuses to start without SESSION_SECRET or APP_URL, one line per missing value", () => {
    expect(problems({ NODE_ENV: "production" })).toBe(
      [
        "Invalid configuration:",
        "- SESSION_SECRET: SESSION_SECRET is required in production",
        "- APP_URL: APP_URL is required in production (the public address links in emails use, such as https://app.example.com)",
      ].join("\n"),
    );
    expect(problems({ ...production, SESSION_SECRET: "" })).toBe(
      "Invalid configuration:\n- SESSION_SECRET: SESSION_SECRET is required in production",
    );
    expect(problems({ ...production, APP_URL: "" })).toBe(
      "Invalid configuration:\n- APP_URL: APP_URL is required in production (the public address links in emails use, such as https://app.example.com)",
    );
    expect(problems(production)).toBe("(started)");
  });

  it("takes only an http(s) address without a path as APP_URL", () => {
    for (const wrong of [
      "app.example.com",
      "javascript:alert(1)",
      "ftp://app.example.com",
      "https://app.example.com/fieldwise",
      "https://app.example.com/?next=x",
      "https://",
    ]) {
      expect(problems({ ...production, APP_URL: wrong })).toBe(
        "Invalid configuration:\n- APP_URL: APP_URL must be a full URL such as https://app.example.com",
      );
    }
    expect(parseEnv({ ...production, APP_URL: "https://app.example.com/" }).APP_URL).toBe("https://app.example.com");
    expect(parseEnv({ ...production, APP_URL: "http://localhost:8080" }).APP_URL).toBe("http://localhost:8080");
  });

  it("seeds no demo data unless asked, and never with the published password", () => {
    expect(parseEnv(production).SEED_DEMO).toBe("false");
    expect(parseEnv({ ...production, SEED_DEMO: "true" }).SEED_DEMO).toBe("true");
    expect(parseEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe("true");
    expect(parseEnv({ NODE_ENV: "development", SEED_DEMO: "false" }).SEED_DEMO).toBe("false");
    expect(problems({ ...production, SEED_DEMO: "true", DEMO_PASSWORD: "demo1234" })).toBe(
      "Invalid configuration:\n- DEMO_PASSWORD: DEMO_PASSWORD must not be the published demo password in production",
    );
    expect(problems({ ...production, DEMO_PASSWORD: "short" })).toBe(
      "Invalid configuration:\n- DEMO_PASSWORD: DEMO_PASSWORD must be at least 8 characters",
    );
    expect(parseEnv({ ...production, DEMO_PASSWORD: "an-operator-choice" }).DEMO_PASSWORD).toBe("an-operator-choice");
    // In development the published password is the point of the demo.
    expect(problems({ NODE_ENV: "development", DEMO_PASSWORD: "demo1234" })).toBe("(started)");
  });
});

describe("absolute links", () => {
  it("start with APP_URL, or in development with the server's own address", () => {
    expect(absoluteUrl("/reset?token=abc", parseEnv(production))).toBe("https://app.example.com/reset?token=abc");
    expect(
      absoluteUrl("/files/1/line-items/a.png", parseEnv({ ...production, APP_URL: "https://app.example.com/" })),
    ).toBe("https://app.example.com/files/1/line-items/a.png");
    expect(appUrl(parseEnv({ NODE_ENV: "development", PORT: "4123" }))).toBe("http://localhost:4123");
    expect(absoluteUrl("reset", parseEnv({ NODE_ENV: "development" }))).toBe("http://localhost:3000/reset");
  });
});
