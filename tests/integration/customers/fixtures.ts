import { Role } from "~/access/roles";
import { createTag } from "~/models/company/tags.server";
import { accessFor, createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";

/**
 * Two companies, signed in: A's admin (`admin`), a field tech of A (`tech`) and B's admin (`other`),
 * with the id of A's customer tag "VIP".
 */
export async function twoCompanies() {
  const a = await createTestCompany();
  const b = await createTestCompany();
  const admin = await sessionCookie(a.userId);
  const other = await sessionCookie(b.userId);
  const tech = await sessionCookie((await createTestUser(a.companyId, Role.FieldTech)).userId);
  const vipId = (await createTag((await accessFor(a.userId)).ctx, { name: "VIP", type: 0 })).id;
  return { admin, other, tech, vipId };
}
