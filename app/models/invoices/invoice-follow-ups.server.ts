import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db.server";
import { companies, invoices, reminderSettings, scheduledMessages } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { shiftWall, startOfDayInZone } from "~/models/jobs/job-recurrence";
import { cancelPendingMessages } from "~/models/messaging/automatic.server";
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
const SEND_TIME_MINUTES = 9 * 60;
/** Status numbers (invoices.schema.ts), local to keep this module free of the invoices model. */
const SENT = 1;

const keyPrefix = (invoiceId: number) => `invoice-follow-up:${invoiceId}:`;
export const followUpKey = (invoiceId: number, dueDate: string, days: number) =>
  `${keyPrefix(invoiceId)}${dueDate}:${days}`;
const invoiceIdOfKey = (key: string) => Number(/^invoice-follow-up:(\d+):/.exec(key)?.[1] ?? NaN);

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
  invoiceFollowUpDays: z.preprocess(
    (v) => (v === "" || v === undefined || v === null || v === "off" ? null : Number(v)),
    z
      .number({ invalid_type_error: "Choose when follow-ups go" })
      .int("Choose when follow-ups go")
      .min(0, "Choose when follow-ups go")
      .max(FOLLOW_UP_DAYS_MAX, `At most ${FOLLOW_UP_DAYS_MAX} days after the due date`)
      .nullable(),
  ),
  followUpChannel: z.preprocess(
    (v) => Number(v),
    z.number().refine((n) => n === 1 || n === 2 || n === 3, "Choose text, email or both"),
  ),
});
export type InvoiceFollowUpSettingsInput = z.infer<typeof invoiceFollowUpSettingsSchema>;

/** When the follow-up of an invoice due on `dueDate` goes: that day plus `days`, 09:00 in the zone. */
export function followUpDueAt(dueDate: string, days: number, timeZone: string): Date {
  const day = startOfDayInZone(new Date(`${dueDate}T12:00:00Z`), timeZone);
  return shiftWall(day, days * 24 * 60 + SEND_TIME_MINUTES, timeZone);
}

/** Pending follow-ups of an invoice stop (paid, uncollectible, deleted), in the caller's transaction. */
export async function cancelInvoiceFollowUps(exec: Executor, companyId: number, invoiceId: number, exceptKey?: string) {
  await cancelPendingMessages(
    exec,
    companyId,
    INVOICE_FOLLOW_UP_KIND,
    sql`${scheduledMessages.idempotencyKey} like ${`${keyPrefix(invoiceId)}%`}`,
    ...(exceptKey ? [sql`${scheduledMessages.idempotencyKey} <> ${exceptKey}`] : []),
  );
}

/**
 * Brings an invoice's follow-up in line with it, in the caller's transaction: a sent, unpaid
 * invoice with follow-ups on has one pending row for its due date; otherwise none. A moment already
 * past gives no follow-up (the invoice was sent after it). A sent follow-up is not sent again.
 */
export async function scheduleInvoiceFollowUp(exec: Executor, companyId: number, invoiceId: number, now = new Date()) {
  const [settings, [invoice]] = await Promise.all([
    getInvoiceFollowUpSettings(exec, companyId),
    exec
      .select({
        status: invoices.status,
        dueDate: invoices.dueDate,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
        timezone: companies.timezone,
      })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId))),
  ]);
  const days = settings.invoiceFollowUpDays;
  if (days === null || !invoice || invoice.status !== SENT || invoice.paidCents >= invoice.totalCents) {
    await cancelInvoiceFollowUps(exec, companyId, invoiceId);
    return;
  }
  const dueAt = followUpDueAt(invoice.dueDate, days, invoice.timezone);
  const key = followUpKey(invoiceId, invoice.dueDate, days);
  await cancelInvoiceFollowUps(exec, companyId, invoiceId, key);
  if (dueAt <= now) return;
  await exec
    .insert(scheduledMessages)
    .values({
      companyId,
      jobId: null,
      kind: INVOICE_FOLLOW_UP_KIND,
      channel: settings.followUpChannel,
      dueAt,
      idempotencyKey: key,
    })
    .onConflictDoUpdate({
      target: scheduledMessages.idempotencyKey,
      set: { dueAt, channel: settings.followUpChannel, status: "pending", attempts: 0, error: null, claimedAt: null },
      setWhere: sql`${scheduledMessages.status} in ('pending', 'cancelled')`,
    });
}

/** Saves the invoice follow-up settings and re-plans the follow-ups of the company's sent, unpaid invoices. */
export async function saveInvoiceFollowUpSettings(ctx: CallerContext, input: InvoiceFollowUpSettingsInput) {
  await db.transaction(async (tx) => {
    const values = { ...input, updatedAt: new Date() };
    await tx
      .insert(reminderSettings)
      .values({ companyId: ctx.companyId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.companyId, set: values });
    const open = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, ctx.companyId),
          eq(invoices.status, SENT),
          gt(invoices.totalCents, invoices.paidCents),
        ),
      );
    for (const { id } of open) await scheduleInvoiceFollowUp(tx, ctx.companyId, id);
  });
}

/**
 * The dispatcher's send of one claimed follow-up row: checks the invoice still needs it (sent,
 * unpaid, the same due date, follow-ups on), renders template 3 and sends with the row's key as the
 * outbox dedupe key. Returns the row's new state for the dispatcher to write.
 */
export async function sendInvoiceFollowUp(
  row: { companyId: number; channel: number; idempotencyKey: string },
  services?: DeliveryServices,
): Promise<{ status: "sent" | "failed" | "cancelled"; error: string | null }> {
  const invoiceId = invoiceIdOfKey(row.idempotencyKey);
  const [invoice] = Number.isSafeInteger(invoiceId)
    ? await db
        .select({
          customerId: invoices.customerId,
          jobId: invoices.jobId,
          status: invoices.status,
          dueDate: invoices.dueDate,
          totalCents: invoices.totalCents,
          paidCents: invoices.paidCents,
        })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, row.companyId)))
    : [];
  const settings = await getInvoiceFollowUpSettings(db, row.companyId);
  const reason = !invoice
    ? "The invoice no longer exists"
    : invoice.status !== SENT || invoice.paidCents >= invoice.totalCents
      ? "The invoice is no longer unpaid"
      : settings.invoiceFollowUpDays === null
        ? "Invoice follow-ups are off"
        : followUpKey(invoiceId, invoice.dueDate, settings.invoiceFollowUpDays) !== row.idempotencyKey
          ? "The due date or the follow-up day has changed"
          : null;
  if (reason || !invoice) return { status: "cancelled", error: reason ?? "The invoice no longer exists" };
  const sent = await sendInvoiceMessage(
    {
      companyId: row.companyId,
      invoiceId,
      customerId: invoice.customerId,
      jobId: invoice.jobId,
      channel: row.channel,
      dedupeKey: row.idempotencyKey,
    },
    services,
  );
  if (!sent) return { status: "cancelled", error: "The invoice no longer exists" };
  return { status: sent.delivered ? "sent" : "failed", error: sent.skipReasons || null };
}
