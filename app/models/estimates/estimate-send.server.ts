import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { estimates, estimateTimelineEvents } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { RuleError } from "~/models/rules";
import { EstimateApproval, EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import { canSeeEstimate } from "~/models/estimates/estimates.server";
import { scheduleEstimateFollowUps } from "~/models/estimates/estimate-follow-ups.server";
import { sendEstimateMessage } from "~/models/estimates/estimate-message.server";
import { invoiceChannel } from "~/models/invoices/invoice-message.server";
import { requestKey } from "~/models/messaging/automatic.server";
import { estimateLink } from "~/models/messaging/estimate-values.server";
import type { CustomerSendOutcome, DeliveryServices } from "~/models/messaging/send.server";
import { actor } from "~/models/visits/visit-records.server";
import { optionalEmailField, optionalPhoneField } from "~/utils/validation";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const requestToken = z.preprocess(blank, z.string().max(100).optional());

/** POST /estimates/{id}/send {notificationType: text 1 | email 2 | both 3, notificationEmail?, notificationPhone?}. */
export const estimateSendSchema = z.object({
  notificationType: z.coerce
    .number({ invalid_type_error: "Choose how to send it" })
    .int()
    .refine((n) => n === 1 || n === 2 || n === 3, "Choose how to send it"),
  notificationEmail: optionalEmailField(),
  notificationPhone: optionalPhoneField(),
  requestToken,
});
export type EstimateSendInput = z.infer<typeof estimateSendSchema>;

/** POST /estimates/{id}/resend {notificationEmail?}: by email only. */
export const estimateResendSchema = z.object({ notificationEmail: optionalEmailField(), requestToken });
export type EstimateResendInput = z.infer<typeof estimateResendSchema>;

/** What the office page adds to the estimate: the customer's link and the drawn signature's private URL. */
export async function estimateSendingInfo(ctx: CallerContext, id: number) {
  if (!(await canSeeEstimate(ctx, id))) return null;
  const row = await findSendable(ctx.companyId, id);
  return row && { link: estimateLink(row.publicToken), signatureImageUrl: row.signatureImageUrl };
}

async function findSendable(companyId: number, id: number) {
  const [row] = await db
    .select({
      status: estimates.status,
      approval: estimates.approval,
      number: estimates.number,
      customerId: estimates.customerId,
      copiedToJobId: estimates.copiedToJobId,
      publicToken: estimates.publicToken,
      answeredAt: estimates.answeredAt,
      declineReason: estimates.declineReason,
      signatureImageUrl: estimates.signatureImageUrl,
    })
    .from(estimates)
    .where(and(eq(estimates.id, id), eq(estimates.companyId, companyId)));
  return row;
}

function refuseUnsendable(row: { status: number; copiedToJobId: number | null }) {
  if (row.status === EstimateStatus.Cancelled)
    throw new RuleError({ _global: "A cancelled estimate is not sent: reopen it first" });
  if (row.status === EstimateStatus.CopiedToJob || row.copiedToJobId !== null)
    throw new RuleError({ _global: "This estimate was copied to a job: it is not sent any more" });
}

/** Whether the channel reached the customer; a field error on the address that could not be used otherwise. */
function refuseUndelivered(sent: { delivered: boolean; skipReasons: string }, channel: 1 | 2 | 3) {
  if (sent.delivered) return;
  const field = channel === 1 ? "notificationPhone" : "notificationEmail";
  throw new RuleError({ [field]: sent.skipReasons || "The estimate could not be sent" });
}

type SendResult = { id: number; status: number; link: string; outcome: CustomerSendOutcome };

/**
 * The Send Estimate message of a sendable estimate the caller may see, on `channel` (the send and
 * the resend share it): null when not found; RuleError when unsendable or when it did not reach.
 */
async function sendToCustomer(
  ctx: CallerContext,
  id: number,
  message: { channel: 1 | 2 | 3; dedupeKey: string; to: { email?: string; phone?: string } },
  services?: DeliveryServices,
) {
  if (!(await canSeeEstimate(ctx, id))) return null;
  const estimate = await findSendable(ctx.companyId, id);
  if (!estimate) return null;
  refuseUnsendable(estimate);
  const sent = await sendEstimateMessage(
    { companyId: ctx.companyId, estimateId: id, customerId: estimate.customerId, ...message },
    services,
  );
  if (!sent) return null;
  refuseUndelivered(sent, message.channel);
  return { estimate, sent };
}

/**
 * POST /estimates/{id}/send: the Send Estimate message (template 4, the company's wording, with the
 * link to the approval page) by text, email or both, to the form's email and phone (the customer's
 * when left out). Sent at once: the sender sees whether it went; the request token is the dedupe
 * key, so a double post sends once. The estimate becomes sent (4, a "Sent" timeline event; an
 * approved one stays approved, a declined one waits for a new answer) and its follow-ups are
 * planned. Null when the caller may not see it; RuleError when cancelled, copied or unreachable.
 */
export async function sendEstimate(
  ctx: CallerContext,
  id: number,
  input: EstimateSendInput,
  services?: DeliveryServices,
): Promise<SendResult | null> {
  const channel = invoiceChannel(input.notificationType);
  const done = await sendToCustomer(
    ctx,
    id,
    {
      channel,
      dedupeKey: `estimate:${id}:${requestKey(input.requestToken)}`,
      to: { email: input.notificationEmail, phone: input.notificationPhone },
    },
    services,
  );
  if (!done) return null;
  const { estimate, sent } = done;
  const status = await db.transaction(async (tx) => {
    const stays = estimate.status === EstimateStatus.Approved;
    const to = stays ? estimate.status : EstimateStatus.Sent;
    const reopened = estimate.approval === EstimateApproval.Declined && !stays;
    await tx
      .update(estimates)
      .set({
        status: to,
        sentAt: new Date(),
        sentChannel: channel,
        updatedAt: new Date(),
        ...(reopened ? { approval: EstimateApproval.Pending, answeredAt: null, declineReason: null } : {}),
      })
      .where(and(eq(estimates.id, id), eq(estimates.companyId, ctx.companyId)));
    await tx.insert(estimateTimelineEvents).values({
      companyId: ctx.companyId,
      estimateId: id,
      type: EstimateEvent.Sent,
      ...actor(ctx),
      ...(stays ? {} : { fromStatus: estimate.status, toStatus: to }),
      // What an undo of the move restores, as the status call records it.
      data: {
        channel,
        approval: estimate.approval,
        answeredAt: estimate.answeredAt?.toISOString() ?? null,
        declineReason: estimate.declineReason,
      },
    });
    await scheduleEstimateFollowUps(tx, ctx.companyId, id);
    return to;
  });
  return { id, status, link: estimateLink(estimate.publicToken), outcome: sent.outcome };
}

/**
 * POST /estimates/{id}/resend {notificationEmail}: the same message again by email (to the given
 * address, else the customer's); the status and the follow-ups do not change.
 */
export async function resendEstimate(
  ctx: CallerContext,
  id: number,
  input: EstimateResendInput,
  services?: DeliveryServices,
): Promise<SendResult | null> {
  const done = await sendToCustomer(
    ctx,
    id,
    {
      channel: 2,
      dedupeKey: `estimate-resend:${id}:${requestKey(input.requestToken)}`,
      to: { email: input.notificationEmail },
    },
    services,
  );
  if (!done) return null;
  return {
    id,
    status: done.estimate.status,
    link: estimateLink(done.estimate.publicToken),
    outcome: done.sent.outcome,
  };
}
