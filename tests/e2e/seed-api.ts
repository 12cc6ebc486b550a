import type { Page } from "playwright-core";
import { newPage, signIn } from "./harness";

/** A JSON call with the page's session (its cookies): answers the body; anything but 2xx throws with its text. */
export async function pageApi<T>(page: Page, method: "get" | "post", path: string, data?: unknown): Promise<T> {
  const response = await page.request[method](path, data === undefined ? undefined : { data });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The company's employees (GET /api/employees) and `by(firstName)`, the id of the one of that first name. */
export async function employeesOf(page: Page) {
  const employees = (await pageApi<{ data: Array<{ id: number; firstName: string }> }>(page, "get", "/api/employees"))
    .data;
  return { employees, by: (firstName: string) => employees.find((e) => e.firstName === firstName)!.id };
}

/**
 * A file's records, made once through the JSON API as the company admin (a page with JavaScript):
 * the first call runs `seed`, every call answers the same promise.
 */
export function seedOnceAsAdmin<T>(seed: (page: Page) => Promise<T>): () => Promise<T> {
  let seeded: Promise<T> | undefined;
  return async () => {
    if (!seeded) {
      const page = await newPage({ javaScript: true });
      await signIn(page, "company admin");
      seeded = seed(page);
    }
    return seeded;
  };
}
