import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "~/db.server";
import { customers, estimates, expenseCodes, jobs } from "~/db/schema";
import { Role } from "~/access/roles";
import { accessFor, createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { solidImage } from "../../helpers/solid-image";

// Receipts of these tests go to a temporary folder, never into the project's data folder.
process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "expenses-uploads-"));

let serial = 0;
const token = () => randomBytes(24).toString("base64url");

/**
 * A company with its admin (signed in), an office staff member, a field tech, two expense codes, a
 * customer, a job and an estimate of that customer: what an expense may point at.
 */
export async function expensesFixture() {
  serial++;
  const company = await createTestCompany();
  const { companyId } = company;
  const office = await createTestUser(companyId, Role.OfficeStaff, { firstName: "Olive", lastName: "Office" });
  const tech = await createTestUser(companyId, Role.FieldTech, { firstName: "Terry", lastName: "Tech" });
  const [fuel, permits] = await db
    .insert(expenseCodes)
    .values([
      { companyId, name: "Fuel", description: "Gas for the vans" },
      { companyId, name: "Permits", description: null },
    ])
    .returning({ id: expenseCodes.id });
  const [customer] = await db
    .insert(customers)
    .values({ companyId, firstName: "Grace", lastName: `Hopper${serial}`, searchText: `grace hopper${serial}` })
    .returning({ id: customers.id });
  const [job] = await db
    .insert(jobs)
    .values({
      companyId,
      customerId: customer.id,
      name: "Furnace repair",
      timezone: "America/New_York",
      publicToken: token(),
      searchText: `furnace repair grace hopper${serial}`,
    })
    .returning({ id: jobs.id });
  const [estimate] = await db
    .insert(estimates)
    .values({
      companyId,
      number: 1,
      customerId: customer.id,
      name: "New roof",
      timezone: "America/New_York",
      publicToken: token(),
      searchText: `new roof grace hopper${serial}`,
    })
    .returning({ id: estimates.id });
  return {
    ...company,
    cookie: await sessionCookie(company.userId),
    officeCookie: await sessionCookie(office.userId),
    techCookie: await sessionCookie(tech.userId),
    officeId: office.userId,
    techId: tech.userId,
    ctx: (await accessFor(company.userId)).ctx,
    codes: { fuel: fuel.id, permits: permits.id },
    customerId: customer.id,
    jobId: job.id,
    estimateId: estimate.id,
  };
}

export type ExpensesFixture = Awaited<ReturnType<typeof expensesFixture>>;

/** The add/edit form's fields as a browser sends them (multipart), with an optional receipt. */
export function expenseForm(
  fields: Record<string, string>,
  receipt?: { data: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const body = new FormData();
  body.set("intent", "save");
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("receipt", receipt ? new File([receipt.data], receipt.name, { type: receipt.type }) : new File([], ""));
  return body;
}

/** A small real photo of a receipt, as a phone's JPEG. */
export const jpegReceipt = async () => ({
  data: new Uint8Array(await solidImage(60, 90, "jpeg", "#FFFFFF")),
  name: "receipt.jpg",
  type: "image/jpeg",
});
