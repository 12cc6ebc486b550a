// The JSON API client and the second company that the cross-company tests (estimates, invoices) share.
import { expect } from "vitest";
import { baseUrl } from "./harness";

let address = 0;
// A block of addresses per test file: every file's first call would otherwise come from the same
// address, and the sign-up limit (30 an hour per address) counts across the suite's files.
const block = Math.floor(Math.random() * 256);
/**
 * Each request from its own address, so no rate limit answers in the test's place. `base`: another
 * server than the suite's (a test's own world).
 */
export function call(
  path: string,
  {
    cookie,
    method = "GET",
    body,
    base = baseUrl(),
  }: { cookie?: string; method?: string; body?: unknown; base?: string } = {},
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  address += 1;
  headers.set("X-Forwarded-For", `198.18.${block}.${(address % 250) + 1}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
}

export const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

/** Signs up a new company (the attacker's) and answers its owner's session cookie. */
export async function signUpOwner({
  name,
  phoneNumber,
  base,
}: {
  name: string;
  phoneNumber: string;
  base?: string;
}): Promise<string> {
  const stamp = Date.now();
  const signUp = await call("/api/account/sign-up", {
    base,
    method: "POST",
    body: {
      email: `owner-${stamp}@${name.toLowerCase()}.test`,
      firstName: "Eve",
      lastName: "Owner",
      phoneNumber,
      password: "Secret123!",
      businessName: `${name} Test ${stamp}`,
      industry: 1,
      companySize: 1,
      country: "US",
    },
  });
  expect(signUp.status).toBeLessThan(300);
  return signUp.headers.get("set-cookie")!.split(";")[0];
}

/** A customer of the owner's company (Mallory Own), through the API: answers its id. */
export async function createOwnersCustomer(owner: string, base?: string): Promise<number> {
  const customer = await call("/api/customers/create", {
    base,
    cookie: owner,
    method: "POST",
    body: { firstName: "Mallory", lastName: "Own", addresses: [{ location: "2 Side St, Springfield" }] },
  });
  expect(customer.status, await customer.clone().text()).toBeLessThan(300);
  return ((await customer.json()) as { customerId: number }).customerId;
}
