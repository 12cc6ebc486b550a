import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, jobEmployees, jobs, users } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { DATE_LONG, dayjs, TIME } from "~/utils/format";
import { formatPhone } from "~/utils/validation";
import { customerPortalLink } from "~/models/portal/links.server";
import type { MessageValues } from "./message-types";

export type { MessageValues } from "./message-types";

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");

/** "1 Main St, Springfield, Unit 4B" (a unit written with its own word, "Suite 200", stays as written). */
export function serviceAddress(location: string | null, unitNumber: string | null): string | undefined {
  const place = location?.trim();
  if (!place) return undefined;
  const unit = unitNumber?.trim();
  if (!unit) return place;
  return `${place}, ${/^[a-z]/i.test(unit) ? unit : `Unit ${unit}`}`;
}

/** The customer's and company's columns that every message names: spread into a select joined to both. */
export const recipientColumns = {
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  businessName: companies.businessName,
  businessPhoneNumber: companies.businessPhoneNumber,
};

type RecipientRow = {
  customerFirstName: string;
  customerLastName: string | null;
  businessName: string;
  businessPhoneNumber: string | null;
  location: string | null;
  unitNumber: string | null;
};

/** The variables of every customer message: names, the company's name and phone, the address and the job's title. */
export function recipientValues(row: RecipientRow, jobTitle: string | null | undefined): MessageValues {
  return {
    customer_full_name: fullName(row.customerFirstName, row.customerLastName),
    customer_first_name: row.customerFirstName.trim(),
    company_name: row.businessName,
    business_phone: formatPhone(row.businessPhoneNumber),
    service_address: serviceAddress(row.location, row.unitNumber),
    job_title: jobTitle?.trim(),
  };
}

/** Blank values are left out, so a message never shows an empty name where a fallback reads better. */
export function withoutBlanks(values: MessageValues): MessageValues {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === "string" && v !== ""),
  ) as MessageValues;
}

/** "Jun 3rd, 2025 09:00 am", with the arrival window "09:00 am - 11:00 am", or the day alone for an all-day visit. */
export function scheduledDateTime(
  visit: { startTime: Date; isAllDay: boolean; arrivalWindowOffset: number },
  timeZone: string,
): string {
  const start = dayjs(visit.startTime).tz(timeZone);
  if (visit.isAllDay) return start.format(DATE_LONG);
  const from = start.format(`${DATE_LONG} ${TIME}`);
  if (visit.arrivalWindowOffset <= 0) return from;
  return `${from} - ${start.add(visit.arrivalWindowOffset, "minute").format(TIME)}`;
}

/**
 * The variables of a message about one job, for the company that owns it (null otherwise):
 * customer names, company name and phone, the job's address and title, its first technician (as
 * the job's page lists them, by first name), the visit's date and time in the company's time zone,
 * the public visit details link (direct_portal_link) and, when the portal is on, a fresh sign-in link
 * (customer_portal_link). Online booking and payment links are left out until those areas exist:
 * renderTemplate leaves no {{...}} for them.
 */
export async function messageValuesForJob(companyId: number, jobId: number): Promise<MessageValues | null> {
  const [row] = await db
    .select({
      name: jobs.name,
      location: jobs.location,
      unitNumber: jobs.unitNumber,
      startTime: jobs.startTime,
      isAllDay: jobs.isAllDay,
      arrivalWindowOffset: jobs.arrivalWindowOffset,
      publicToken: jobs.publicToken,
      customerId: jobs.customerId,
      ...recipientColumns,
      timezone: companies.timezone,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  const [technician] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(jobEmployees)
    .innerJoin(users, eq(users.id, jobEmployees.userId))
    .where(and(eq(jobEmployees.jobId, jobId), eq(jobEmployees.companyId, companyId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(1);

  const values: MessageValues = {
    ...recipientValues(row, row.name),
    technician_full_name: technician ? fullName(technician.firstName, technician.lastName) : undefined,
    direct_portal_link: absoluteUrl(`/service-visit-details/${row.publicToken}`),
    customer_portal_link: await customerPortalLink(companyId, row.customerId),
  };
  if (row.startTime) {
    values.scheduled_date_time = scheduledDateTime({ ...row, startTime: row.startTime }, row.timezone);
    values.service_date = dayjs(row.startTime).tz(row.timezone).format(DATE_LONG);
  }
  return withoutBlanks(values);
}
