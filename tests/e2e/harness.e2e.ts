import { expect, test } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth, screenshot } from "./harness";

// The harness itself: the server runs, sessions work, errors and accessibility are checked.
test("the server answers an unknown path of a visitor with the sign-in redirect", async () => {
  const response = await fetch(`${baseUrl()}/no-such-page`, { redirect: "manual" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fno-such-page");
});

forBoth(
  "a signed-in company admin sees the dashboard",
  async ({ page, javaScript }) => {
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Welcome, Dana" }).isVisible()).resolves.toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, `harness-dashboard-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin" },
);
