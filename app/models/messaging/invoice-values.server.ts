import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, invoices, jobs } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { serviceAddress } from "~/models/messaging/message-values.server";
import type { MessageValues } from "~/models/messaging/message-types";
import { formatPhone } from "~/utils/validation";

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");

/**
 * The variables of a message about one invoice (Send Invoice, invoice follow-ups), for the company
 * that owns it (null otherwise): customer names, company name and phone, the invoice's address, the
 * job's title when it bills a job, and direct_payment_link, the customer's invoice page
 * (/invoice-details/{publicToken}, where they read and pay it).
 */
export async function messageValuesForInvoice(companyId: number, invoiceId: number): Promise<MessageValues | null> {
  const [row] = await db
    .select({
      location: invoices.location,
      unitNumber: invoices.unitNumber,
      publicToken: invoices.publicToken,
      jobName: jobs.name,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      businessName: companies.businessName,
      businessPhoneNumber: companies.businessPhoneNumber,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(jobs, eq(jobs.id, invoices.jobId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  const values: MessageValues = {
    customer_full_name: fullName(row.customerFirstName, row.customerLastName),
    customer_first_name: row.customerFirstName.trim(),
    company_name: row.businessName,
    business_phone: formatPhone(row.businessPhoneNumber),
    service_address: serviceAddress(row.location, row.unitNumber),
    job_title: row.jobName?.trim(),
    direct_payment_link: absoluteUrl(`/invoice-details/${row.publicToken}`),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === "string" && v !== ""),
  ) as MessageValues;
}
