import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, invoices, jobs } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { recipientColumns, recipientValues, withoutBlanks } from "~/models/messaging/message-values.server";
import type { MessageValues } from "~/models/messaging/message-types";
import { customerPortalLink } from "~/models/portal/links.server";

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
      customerId: invoices.customerId,
      jobName: jobs.name,
      ...recipientColumns,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(jobs, eq(jobs.id, invoices.jobId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  return withoutBlanks({
    ...recipientValues(row, row.jobName),
    direct_payment_link: absoluteUrl(`/invoice-details/${row.publicToken}`),
    customer_portal_link: await customerPortalLink(companyId, row.customerId),
  });
}
