import { eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, textMessagingAccounts } from "~/db/schema";
import { AppFeature } from "~/access/features";
import { buildSearchText } from "~/models/customers/customers.server";
import { createTestCompany } from "../../helpers/factories";

/** A company with two-way text on (plan, application feature, enabled setting), its number and a segment balance. */
export async function inboxCompany(number: string, balance = 100) {
  const company = await createTestCompany();
  await db
    .update(companies)
    .set({
      messagingPhoneNumber: number,
      messagingReady: true,
      twoWayTextEnabled: true,
      featureFlags: sql`${companies.featureFlags} | ${AppFeature.TwoWayText}`,
    })
    .where(eq(companies.id, company.companyId));
  await db.insert(textMessagingAccounts).values({ companyId: company.companyId, smsSegmentsBalance: balance });
  return company;
}

export async function setBalance(companyId: number, balance: number) {
  await db
    .update(textMessagingAccounts)
    .set({ smsSegmentsBalance: balance, segmentLimitReached: false })
    .where(eq(textMessagingAccounts.companyId, companyId));
}

/** A customer written directly, with the words (names, phones' digits) the customers' search index reads. */
export async function addCustomer(companyId: number, fields: Partial<typeof customers.$inferInsert>) {
  const firstName = fields.firstName ?? "Cara";
  const searchText = buildSearchText({
    firstName,
    lastName: fields.lastName ?? null,
    ownCompanyName: null,
    email: null,
    additionalEmails: [],
    mainPhoneNumber: fields.mainPhoneNumber ?? null,
    secondaryPhoneNumbers: fields.secondaryPhoneNumbers ?? [],
    addresses: [],
  });
  const [row] = await db
    .insert(customers)
    .values({ companyId, firstName, searchText, ...fields })
    .returning({ id: customers.id });
  return row.id;
}
