import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db.server";
import { companies, invoices, reminderSettings } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { followUpPlanner, type FollowUpRow, type FollowUpState } from "~/models/messaging/follow-ups.server";
import { sendInvoiceMessage } from "~/models/invoices/invoice-message.server";
import type { DeliveryServices } from "~/models/messaging/send.server";

/**
 * Invoice follow-ups (spec section 9: "same day due or days after"): a sent, unpaid invoice gets one
 * reminder on its due date (0) or N days after it, at 09:00 in the company's zone, on the company's
 * follow-up channel, written into scheduled_messages (kind invoice_follow_up, the invoice in the key)
 * and sent by the automatic-messages dispatcher with the Send Invoice wording (template 3) and the
 * payment link. Paid, uncollectible, deleted or edited away: the pending row is cancelled (and the
 * dispatcher checks again at send time). docs/decisions/052-invoices.md
 */

export const INVOICE_FOLLOW_UP_KIND = "invoice_follow_up";
export const FOLLOW_UP_DAYS_MAX = 60;
/** Status numbers (invoices.schema.ts), local to keep this module free of the invoices model. */
const SENT = 1;

const planner = followUpPlanner(INVOICE_FOLLOW_UP_KIND, "invoice-follow-up");
export const followUpKey = (invoiceId: number, dueDate: string, days: number) =>
  `${planner.keyPrefix(invoiceId)}${dueDate}:${days}`;

export type InvoiceFollowUpSettings = { invoiceFollowUpDays: number | null; followUpChannel: number };

export async function getInvoiceFollowUpSettings(exec: Executor, companyId: number): Promise<InvoiceFollowUpSettings> {
  const [row] = await exec
    .select({
      invoiceFollowUpDays: reminderSettings.invoiceFollowUpDays,
      followUpChannel: reminderSettings.followUpChannel,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId));
  return row ?? { invoiceFollowUpDays: null, followUpChannel: 3 };
}

/** The settings form on /settings/reminders: off (""), on the due date (0) or 1 to 60 days after; channel text 1, email 2, both 3. */
export const invoiceFollowUpSettingsSchema = z.object({
  invoiceFollowUpDays: planner.daysField(
    0,
    FOLLOW_UP_DAYS_MAX,
    `At most ${FOLLOW_UP_DAYS_MAX} days after the due date`,
  ),
  followUpChannel: z.preprocess(
    (v) => Number(v),
    z.number().refine((n) => n === 1 || n === 2 || n === 3, "Choose text, email or both"),
  ),
});
export type InvoiceFollowUpSettingsInput = z.infer<typeof invoiceFollowUpSettingsSchema>;

/** When the follow-up of an invoice due on `dueDate` goes: that day plus `days`, 09:00 in the zone. */
export function followUpDueAt(dueDate: string, days: number, timeZone: string): Date {
  return planner.moment(new Date(`${dueDate}T12:00:00Z`), days, timeZone);
}

/** Pending follow-ups of an invoice stop (paid, uncollectible, deleted), in the caller's transaction. */
export async function cancelInvoiceFollowUps(exec: Executor, companyId: number, invoiceId: number, exceptKey?: string) {
  await planner.cancel(exec, companyId, invoiceId, exceptKey ? [exceptKey] : []);
}

/**
 * Brings an invoice's follow-up in line with it, in the caller's transaction: a sent, unpaid
 * invoice with follow-ups on has one pending row for its due date; otherwise none. A moment already
 * past gives no follow-up (the invoice was sent after it). A sent follow-up is not sent again.
 */
export async function scheduleInvoiceFollowUp(exec: Executor, companyId: number, invoiceId: number, now = new Date()) {
  // One after another: `exec` is the caller's transaction, whose one connection runs one query at a time.
  const settings = await getInvoiceFollowUpSettings(exec, companyId);
  const [invoice] = await exec
    .select({
      status: invoices.status,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      timezone: companies.timezone,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
  const days = settings.invoiceFollowUpDays;
  if (days === null || !invoice || invoice.status !== SENT || invoice.paidCents >= invoice.totalCents) {
    await cancelInvoiceFollowUps(exec, companyId, invoiceId);
    return;
  }
  const dueAt = followUpDueAt(invoice.dueDate, days, invoice.timezone);
  const key = followUpKey(invoiceId, invoice.dueDate, days);
  await cancelInvoiceFollowUps(exec, companyId, invoiceId, key);
  if (dueAt <= now) return;
  await planner.write(exec, companyId, settings.followUpChannel, [{ key, dueAt }]);
}

/** Saves the invoice follow-up settings and re-plans the follow-ups of the company's sent, unpaid invoices. */
export async function saveInvoiceFollowUpSettings(ctx: CallerContext, input: InvoiceFollowUpSettingsInput) {
  const unpaid = and(
    eq(invoices.companyId, ctx.companyId),
    eq(invoices.status, SENT),
    gt(invoices.totalCents, invoices.paidCents),
  );
  await planner.saveSettings(ctx, input, { table: invoices, id: invoices.id, where: unpaid }, scheduleInvoiceFollowUp);
}

/**
 * The dispatcher's send of one claimed follow-up row: checks the invoice still needs it (sent,
 * unpaid, the same due date, follow-ups on), renders template 3 and sends with the row's key as the
 * outbox dedupe key. Returns the row's new state for the dispatcher to write.
 */
export function sendInvoiceFollowUp(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  return planner.send(row, {
    find: async (invoiceId) => {
      const [invoice] = await db
        .select({
          customerId: invoices.customerId,
          jobId: invoices.jobId,
          status: invoices.status,
          dueDate: invoices.dueDate,
          totalCents: invoices.totalCents,
          paidCents: invoices.paidCents,
        })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, row.companyId)));
      return invoice;
    },
    refusal: async (invoice, invoiceId) => {
      if (invoice.status !== SENT || invoice.paidCents >= invoice.totalCents) return "The invoice is no longer unpaid";
      const days = (await getInvoiceFollowUpSettings(db, row.companyId)).invoiceFollowUpDays;
      if (days === null) return "Invoice follow-ups are off";
      return followUpKey(invoiceId, invoice.dueDate, days) === row.idempotencyKey
        ? null
        : "The due date or the follow-up day has changed";
    },
    send: (invoice, invoiceId) =>
      sendInvoiceMessage(
        {
          companyId: row.companyId,
          invoiceId,
          customerId: invoice.customerId,
          jobId: invoice.jobId,
          channel: row.channel,
          dedupeKey: row.idempotencyKey,
        },
        services,
      ),
    gone: "The invoice no longer exists",
  });
}
