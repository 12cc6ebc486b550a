import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customerAddresses, customers } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role, type RoleValue } from "~/access/roles";
import { createTestCompany, createTestUser, makeRequest } from "../../helpers/factories";

/** A company (in a given zone) with its admin, two field techs and a customer with a property. */
export async function jobsFixture(timezone = "America/New_York") {
  const company = await createTestCompany();
  await db.update(companies).set({ timezone }).where(eq(companies.id, company.companyId));
  const tech = await createTestUser(company.companyId, Role.FieldTech);
  const otherTech = await createTestUser(company.companyId, Role.FieldTech);
  const customerId = await createCustomerRow(company.companyId, "Grace", "Hopper");
  const [address] = await db
    .insert(customerAddresses)
    .values({ companyId: company.companyId, customerId, location: "1 Main St, Springfield", isBilling: true })
    .returning({ id: customerAddresses.id });
  const ctxOf = (userId: number, role: RoleValue): CallerContext => ({ companyId: company.companyId, userId, role });
  return {
    companyId: company.companyId,
    adminId: company.userId,
    techId: tech.userId,
    otherTechId: otherTech.userId,
    customerId,
    addressId: address.id,
    admin: ctxOf(company.userId, Role.CompanyAdmin),
    tech: ctxOf(tech.userId, Role.FieldTech),
    otherTech: ctxOf(otherTech.userId, Role.FieldTech),
  };
}

export type JobsFixture = Awaited<ReturnType<typeof jobsFixture>>;

export async function createCustomerRow(companyId: number, firstName: string, lastName: string) {
  const [row] = await db
    .insert(customers)
    .values({ companyId, firstName, lastName, searchText: `${firstName} ${lastName}`.toLowerCase() })
    .returning({ id: customers.id });
  return row.id;
}

/** Wall-clock "HH:mm" of an instant in a zone. */
export const wallTime = (d: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(d),
  );
export const wallDate = (d: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(d));

/** The init of a form POST as a browser without JavaScript sends it; a list posts its field once per value. */
export function formPost(entries: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(entries)) for (const one of [v].flat()) body.append(k, one);
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

/** Calls a loader or action with a request; a thrown Response (redirect, 403, 404) is the answer. */
export async function run(
  handler: Handler,
  path: string,
  init: Parameters<typeof makeRequest>[1] = {},
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await handler({ request: makeRequest(path, init), params, context: {} } as ActionFunctionArgs)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
