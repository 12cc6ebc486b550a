import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { createTag } from "~/models/company/tags.server";
import { CampaignTrigger, DelayType } from "~/models/campaigns/campaigns.schema";
import { action as saveAction } from "~/routes/api+/follow-up-campaigns+/_layout";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { createCustomerRow } from "../jobs/fixtures";
import { callRoute, type Called } from "../route-call";

/**
 * Two companies for the campaign API. Ours: an admin, a field tech, texts set up, the tags VIP and
 * Late, and Ann (VIP), Ben (VIP, Late) and Cal (none). Theirs: its admin, a tag and a customer, Zed.
 */
export async function campaignsFixture() {
  const ours = await createTestCompany();
  const theirs = await createTestCompany();
  await db.update(companies).set({ messagingReady: true }).where(eq(companies.id, ours.companyId));
  const tech = await createTestUser(ours.companyId, Role.FieldTech);
  const admin: CallerContext = { companyId: ours.companyId, userId: ours.userId, role: Role.CompanyAdmin };
  const otherAdmin: CallerContext = { companyId: theirs.companyId, userId: theirs.userId, role: Role.CompanyAdmin };
  const vip = (await createTag(admin, { name: "VIP", type: TagType.Customer })).id;
  const late = (await createTag(admin, { name: "Late", type: TagType.Customer })).id;
  const theirTag = (await createTag(otherAdmin, { name: "VIP", type: TagType.Customer })).id;
  const customer = async (companyId: number, first: string, tagIds: number[]) => {
    const id = await createCustomerRow(companyId, first, "Doe");
    await db.update(customers).set({ tagIds }).where(eq(customers.id, id));
    return id;
  };
  return {
    companyId: ours.companyId,
    otherCompanyId: theirs.companyId,
    adminUserId: ours.userId,
    otherUserId: theirs.userId,
    admin: await sessionCookie(ours.userId),
    tech: await sessionCookie(tech.userId),
    other: await sessionCookie(theirs.userId),
    vip,
    late,
    theirTag,
    ann: await customer(ours.companyId, "Ann", [vip]),
    ben: await customer(ours.companyId, "Ben", [vip, late]),
    cal: await customer(ours.companyId, "Cal", []),
    zed: await customer(theirs.companyId, "Zed", [theirTag]),
  };
}
export type CampaignsFixture = Awaited<ReturnType<typeof campaignsFixture>>;

/** A valid save payload: an email three days after a job, to every customer. */
export const payload = (extra: Record<string, unknown> = {}) => ({
  name: "Spring check-up",
  isActive: true,
  triggerEvent: CampaignTrigger.JobFinished,
  delayType: DelayType.Day,
  delayValue: 3,
  sendImmediately: false,
  channel: 2,
  subject: "Time for a check-up",
  emailMessage: "Hello, it is time for your spring check-up.",
  smsMessage: "",
  includeTagIds: [],
  excludeTagIds: [],
  excludeCustomerIds: [],
  includeCustomerIds: [],
  includeCities: [],
  excludeCities: [],
  selectedCustomersNumber: 1,
  ...extra,
});

/** POST (or PUT) /api/follow-up-campaigns with a JSON body. */
export const save = (cookie: string, json: unknown, method: "POST" | "PUT" = "POST"): Promise<Called> =>
  callRoute(saveAction, "/api/follow-up-campaigns", { method, cookie, json });
