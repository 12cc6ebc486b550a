import { expect } from "vitest";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";

export type DemoLoginRole = (typeof DEMO_LOGINS)[number]["role"];

/**
 * Signs in as a demo login through POST /api/account/sign-in, on a server seeded with the demo
 * password given: expects 200 (`log`, the server's output, shown otherwise) and answers the session
 * cookie and the login's company.
 */
export async function signInDemo(baseUrl: string, role: DemoLoginRole, password: string, log?: () => string) {
  const login = DEMO_LOGINS.find((l) => l.role === role)!;
  const response = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: login.email, password }),
  });
  expect(response.status, log?.()).toBe(200);
  const body = (await response.json()) as { company: { id: number } };
  return { cookie: response.headers.get("set-cookie")!.split(";")[0], companyId: body.company.id };
}
