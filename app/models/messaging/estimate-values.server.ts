import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, estimates } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { DATE_LONG, dayjs } from "~/utils/format";
import {
  recipientColumns,
  recipientValues,
  scheduledDateTime,
  withoutBlanks,
} from "~/models/messaging/message-values.server";
import type { MessageValues } from "~/models/messaging/message-types";
import { customerPortalLink } from "~/models/portal/links.server";

/** The customer's approval page of an estimate (app/routes/_public+/estimate-details.$token.tsx). */
export const estimateLink = (publicToken: string) => absoluteUrl(`/estimate-details/${publicToken}`);

/**
 * The variables of a message about one estimate (Send Estimate, estimate follow-ups), for the
 * company that owns it (null otherwise): customer names, company name and phone, the estimate's
 * address and title, its visit's date when it has one, and direct_portal_link, the customer's
 * approval page (/estimate-details/{publicToken}).
 */
export async function messageValuesForEstimate(companyId: number, estimateId: number): Promise<MessageValues | null> {
  const [row] = await db
    .select({
      name: estimates.name,
      location: estimates.location,
      unitNumber: estimates.unitNumber,
      startTime: estimates.startTime,
      isAllDay: estimates.isAllDay,
      arrivalWindowOffset: estimates.arrivalWindowOffset,
      publicToken: estimates.publicToken,
      customerId: estimates.customerId,
      timezone: companies.timezone,
      ...recipientColumns,
    })
    .from(estimates)
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .innerJoin(companies, eq(companies.id, estimates.companyId))
    .where(and(eq(estimates.id, estimateId), eq(estimates.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  const values: MessageValues = {
    ...recipientValues(row, row.name),
    direct_portal_link: estimateLink(row.publicToken),
    customer_portal_link: await customerPortalLink(companyId, row.customerId),
  };
  if (row.startTime) {
    values.scheduled_date_time = scheduledDateTime({ ...row, startTime: row.startTime }, row.timezone);
    values.service_date = dayjs(row.startTime).tz(row.timezone).format(DATE_LONG);
  }
  return withoutBlanks(values);
}
