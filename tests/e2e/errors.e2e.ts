import { expect } from "vitest";
import { messages } from "~/utils/validation";
import { forBoth } from "./harness";
import { expectNotFoundInShell } from "./not-found-checks";

/*
 * Errors keep the shell: a 404 or 403 thrown by a page's loader shows the error screen in the
 * content area of the signed-in shell, with the navigation still there and working.
 */

forBoth(
  "a missing record answers 404 inside the shell, and the navigation still works",
  async ({ page, javaScript }) => {
    await expectNotFoundInShell(page, "/customers/2000000000", `errors-404-in-shell-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin" },
);

forBoth(
  "a page the role may not open answers 403 inside the shell",
  async ({ page }) => {
    const response = await page.goto("/employees");
    expect(response?.status()).toBe(403);
    await page.getByRole("main").getByText(messages.forbidden).waitFor();
    expect(
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).isVisible(),
    ).toBe(true);
  },
  { role: "office staff" },
);
