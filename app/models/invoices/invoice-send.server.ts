import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { invoices, jobTimelineEvents } from "~/db/schema";
import { ActorType, TimelineEvent } from "~/models/jobs/jobs.schema";
import type { CallerContext } from "~/access/access.server";
import { RuleError } from "~/models/rules";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { findInvoiceRow, scheduleInvoiceFollowUp } from "~/models/invoices/invoices.server";
import { requestKey } from "~/models/messaging/automatic.server";
import type { CustomerSendOutcome, DeliveryServices } from "~/models/messaging/send.server";
import { invoiceChannel, sendInvoiceMessage } from "~/models/invoices/invoice-message.server";
import { recordInvoiceEvent } from "~/models/activity/invoice-timeline.server";
import { recordInvoiceWebhook } from "~/models/webhooks/event-data.server";

/**
 * POST /invoices/{id}/send: the Send Invoice message (template 3, the company's wording) by text,
 * email or both, with the link to the customer's invoice page. Sent at once (not queued): the
 * sender sees whether it went. The form's token is the dedupe key, so a double post sends once.
 * A not-sent invoice becomes sent (sentAt, channel) and its follow-up is scheduled. Null when the
 * invoice is not the company's; RuleError when no channel could reach the customer.
 */
export async function sendInvoice(
  ctx: CallerContext,
  id: number,
  input: { channel: number; requestToken?: string },
  services?: DeliveryServices,
): Promise<{ id: number; status: number; outcome: CustomerSendOutcome } | null> {
  const invoice = await findInvoiceRow(db, ctx.companyId, id);
  if (!invoice) return null;
  if (invoice.status === InvoiceStatus.Uncollectible)
    throw new RuleError({ _global: "An uncollectible invoice is not sent: undo uncollectible first" });
  const channel = invoiceChannel(input.channel);
  const sent = await sendInvoiceMessage(
    {
      companyId: ctx.companyId,
      invoiceId: id,
      customerId: invoice.customerId,
      jobId: invoice.jobId,
      channel,
      dedupeKey: `invoice:${id}:${requestKey(input.requestToken)}`,
    },
    services,
  );
  if (!sent) return null;
  if (!sent.delivered) throw new RuleError({ channel: sent.skipReasons || "The invoice could not be sent" });
  const status = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({
        status: sql`case when ${invoices.status} = ${InvoiceStatus.NotSent} then ${InvoiceStatus.Sent} else ${invoices.status} end`,
        sentAt: new Date(),
        sentChannel: channel,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.companyId, ctx.companyId)))
      .returning({ status: invoices.status });
    if (row?.status === InvoiceStatus.Sent) await scheduleInvoiceFollowUp(tx, ctx.companyId, id);
    if (row) await recordInvoiceWebhook(tx, ctx.companyId, "invoice.sent", id);
    if (row)
      await recordInvoiceEvent(tx, {
        companyId: ctx.companyId,
        invoiceId: id,
        type: TimelineEvent.InvoiceSent,
        actor: { userId: ctx.userId, impersonatorUserId: ctx.impersonatorUserId },
        ...(row.status !== invoice.status ? { fromStatus: invoice.status, toStatus: row.status } : {}),
        data: { channel },
      });
    if (invoice.jobId)
      await tx.insert(jobTimelineEvents).values({
        companyId: ctx.companyId,
        jobId: invoice.jobId,
        type: TimelineEvent.InvoiceSent,
        actorType: ActorType.Employee,
        actorUserId: ctx.userId,
        impersonatorUserId: ctx.impersonatorUserId ?? null,
        data: { invoiceId: id, number: invoice.number, channel },
      });
    return row?.status ?? invoice.status;
  });
  return { id, status, outcome: sent.outcome };
}
