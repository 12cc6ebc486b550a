import { expect, test } from "vitest";
import { baseUrl, forBoth, newPage } from "./harness";
import { expectNotFoundInShell } from "./not-found-checks";

/*
 * An unknown address: a signed-in user sees 'Page not found' (404) inside the app's shell, the
 * navigation still there and working, as a missing record does; a visitor goes to sign in (the
 * spec's public-path rule), and the public /404 page stays plain, without the shell.
 */

forBoth(
  "an unknown address for a signed-in user is a 404 inside the shell",
  async ({ page, javaScript }) => {
    await expectNotFoundInShell(page, "/no-such-page/at-all", `not-found-in-shell-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin" },
);

test("for a visitor, an unknown address goes to sign in and /404 is the plain page", async () => {
  const unknown = await fetch(`${baseUrl()}/no-such-page/at-all`, { redirect: "manual" });
  expect(unknown.status).toBe(302);
  expect(unknown.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/no-such-page/at-all")}`);

  const page = await newPage({ javaScript: false });
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
  expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Go Back Home" }).getAttribute("href")).toBe("/signup");
});
