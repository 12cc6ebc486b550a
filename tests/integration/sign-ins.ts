import { Role, type RoleValue } from "~/access/roles";
import { createTestCompany, createTestUser, sessionCookie } from "../helpers/factories";

/** A new company with its company admin, and the admin's session cookie. */
export async function signedInAdmin() {
  const company = await createTestCompany();
  return { ...company, cookie: await sessionCookie(company.userId) };
}

/** Session cookies of new users of the company, one for each role: office staff and field tech unless named. */
export async function staffCookies(companyId: number, roles: RoleValue[] = [Role.OfficeStaff, Role.FieldTech]) {
  const cookies: string[] = [];
  for (const role of roles) cookies.push(await sessionCookie((await createTestUser(companyId, role)).userId));
  return cookies;
}
