import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import { loadAccessBySession, type Access } from "~/access/access.server";
import { hashPassword } from "~/models/accounts/passwords.server";
import { Role, type RoleValue } from "~/access/roles";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";
import { authSessionStorage, createSessionRow } from "~/sessions.server";

let counter = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${++counter}`;
export const TEST_PASSWORD = "Password123!";

/** A company with its company admin, on a 14-day trial of the top plan. */
export async function createTestCompany(overrides: { businessName?: string; country?: "US" | "CA" } = {}) {
  const email = `admin-${unique()}@example.com`;
  const ids = await db.transaction((tx) =>
    createCompanyWithAdmin(tx, {
      businessName: overrides.businessName ?? `Company ${unique()}`,
      email,
      password: TEST_PASSWORD,
      firstName: "Ada",
      lastName: "Admin",
      country: overrides.country ?? "US",
    }),
  );
  return { ...ids, email };
}

export async function createTestUser(
  companyId: number,
  role: RoleValue = Role.FieldTech,
  fields: Partial<typeof users.$inferInsert> = {},
) {
  const email = fields.email ?? `user-${unique()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstName: "Test",
      lastName: `User${counter}`,
      role,
      ...fields,
    })
    .returning({ id: users.id });
  return { userId: row.id, email };
}

/** A Cookie header for a signed-in user: the session is created directly, not through the sign-in screen. */
export async function sessionCookie(userId: number): Promise<string> {
  const session = await authSessionStorage().getSession();
  session.set("sessionId", await createSessionRow(userId));
  const setCookie = await authSessionStorage().commitSession(session);
  return setCookie.split(";")[0];
}

export async function accessFor(userId: number): Promise<Access> {
  const session = await authSessionStorage().getSession();
  const sessionId = await createSessionRow(userId);
  session.set("sessionId", sessionId);
  const access = await loadAccessBySession(sessionId);
  if (!access) throw new Error("no access");
  return access;
}

export async function setRole(userId: number, role: RoleValue) {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** Builds a Request for calling a loader or action directly. */
export function makeRequest(pathAndQuery: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://localhost${pathAndQuery}`, { ...init, headers, body });
}

/** Calls a loader or action and gives back its Response, whether it returned or threw one. */
export async function runRoute(
  fn: (args: never) => Promise<unknown>,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await fn({ request, params, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
