import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  companies,
  companySettings,
  customers,
  estimateLineItems,
  estimateOptions,
  estimates,
  estimateTimelineEvents,
} from "~/db/schema";
import { cancelEstimateFollowUps } from "~/models/estimates/estimate-follow-ups.server";
import {
  estimateTokenSchema,
  type EstimateApproveInput,
  type EstimateDeclineInput,
} from "~/models/estimates/estimate-approval.schema";
import { EstimateApproval, EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import { ActorType } from "~/models/jobs/jobs.schema";
import { computeTotals, type Totals } from "~/models/line-items/totals";
import { storeSignatureImage } from "~/models/signatures/signature-image.server";
import { RuleError } from "~/models/rules";
import { notifyCompany, RealtimeEvent } from "~/services/realtime/index.server";
import { deleteFile } from "~/services/storage.server";
import { recordEstimateWebhook } from "~/models/webhooks/event-data.server";

export const approvalMessages = {
  notSent: "This estimate is not open for approval yet. Please contact the company.",
  answered: "This estimate was already answered.",
  option: "Choose one of the estimate's options",
  lines: "Only the chosen option's optional items can be approved",
} as const;

type PublicLine = {
  id: number;
  name: string;
  description: string | null;
  quantity: number;
  amountCents: number;
  isTaxable: boolean;
  isOptional: boolean;
  isRecommended: boolean;
  isApproved: boolean;
};

/**
 * An option's totals by the line-items rule (docs/decisions/051-estimates.md): its regular lines and
 * the optional ones in `approved`. The amounts are the stored ones, so the page, the office and
 * the API show the same numbers.
 */
export function optionTotalsWith(
  lines: ReadonlyArray<Pick<PublicLine, "id" | "amountCents" | "isTaxable" | "isOptional">>,
  approved: ReadonlySet<number>,
  estimate: { discountCents: number; taxRate: number },
): Totals {
  const counted = lines.filter((l) => !l.isOptional || approved.has(l.id));
  return computeTotals(
    counted.map((l) => ({ quantity: 1, unitPriceCents: l.amountCents, isTaxable: l.isTaxable })),
    estimate.discountCents,
    estimate.taxRate,
  );
}

async function findByToken(exec: Executor, token: string) {
  if (!estimateTokenSchema.safeParse(token).success) return null;
  const [row] = await exec
    .select({
      id: estimates.id,
      companyId: estimates.companyId,
      number: estimates.number,
      status: estimates.status,
      approval: estimates.approval,
      name: estimates.name,
      message: estimates.message,
      location: estimates.location,
      unitNumber: estimates.unitNumber,
      timezone: estimates.timezone,
      discountCents: estimates.discountCents,
      taxRate: estimates.taxRate,
      totalCents: estimates.totalCents,
      chosenOptionId: estimates.chosenOptionId,
      sentAt: estimates.sentAt,
      createdAt: estimates.createdAt,
      answeredAt: estimates.answeredAt,
      declineReason: estimates.declineReason,
      signatureName: estimates.signatureName,
      signatureImageUrl: estimates.signatureImageUrl,
      companyName: companies.businessName,
      companyPhone: companies.businessPhoneNumber,
      companyEmail: companies.email,
      companyLogoUrl: companies.logoUrl,
      companyMessage: companySettings.messageOnEstimate,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
    })
    .from(estimates)
    .innerJoin(companies, eq(companies.id, estimates.companyId))
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .leftJoin(companySettings, eq(companySettings.companyId, estimates.companyId))
    .where(eq(estimates.publicToken, token))
    .limit(1);
  return row ?? null;
}

/** One query after another: `exec` may be a transaction, whose one connection runs one query at a time. */
async function optionsWithLines(exec: Executor, estimateId: number) {
  const options = await exec
    .select({ id: estimateOptions.id, name: estimateOptions.name })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, estimateId))
    .orderBy(asc(estimateOptions.position), asc(estimateOptions.id));
  const lines = await exec
    .select({
      id: estimateLineItems.id,
      optionId: estimateLineItems.optionId,
      name: estimateLineItems.name,
      description: estimateLineItems.description,
      quantity: estimateLineItems.quantity,
      amountCents: estimateLineItems.amountCents,
      isTaxable: estimateLineItems.isTaxable,
      isOptional: estimateLineItems.isOptional,
      isRecommended: estimateLineItems.isRecommended,
      isApproved: estimateLineItems.isApproved,
    })
    .from(estimateLineItems)
    .where(eq(estimateLineItems.estimateId, estimateId))
    .orderBy(asc(estimateLineItems.position), asc(estimateLineItems.id));
  return options.map((o) => ({
    ...o,
    lines: lines
      .filter((l) => l.optionId === o.id)
      .map(({ optionId: _option, quantity, ...l }): PublicLine => ({ ...l, quantity: Number(quantity) })),
  }));
}

/**
 * What the customer's page and the sign call show of an estimate found by its public token, or
 * null (an unknown or malformed token, 404). Each option carries its stored totals (optional lines
 * counted once approved).
 */
export async function getPublicEstimate(token: string, exec: Executor = db) {
  const estimate = await findByToken(exec, token);
  if (!estimate) return null;
  const options = await optionsWithLines(exec, estimate.id);
  // The image's private URL stays with the office; the customer's view says only that there is one.
  const { signatureImageUrl, ...rest } = estimate;
  return {
    ...rest,
    hasSignatureImage: Boolean(signatureImageUrl),
    customerName: [estimate.customerFirstName, estimate.customerLastName].filter(Boolean).join(" "),
    address: [estimate.location, estimate.unitNumber ? `Unit ${estimate.unitNumber}` : null].filter(Boolean).join(", "),
    canAnswer: estimate.status === EstimateStatus.Sent && estimate.approval === EstimateApproval.Pending,
    options: options.map((o) => ({
      ...o,
      totals: optionTotalsWith(o.lines, new Set(o.lines.filter((l) => l.isApproved).map((l) => l.id)), estimate),
    })),
  };
}
export type PublicEstimate = NonNullable<Awaited<ReturnType<typeof getPublicEstimate>>>;

type Answer = { kind: "approve"; input: EstimateApproveInput } | { kind: "decline"; input: EstimateDeclineInput };

/** Why an estimate found by its token cannot take an answer, or null when it can. */
const refusal = (e: { status: number; approval: number }) =>
  e.approval !== EstimateApproval.Pending
    ? approvalMessages.answered
    : e.status !== EstimateStatus.Sent
      ? approvalMessages.notSent
      : null;

/**
 * The customer's answer, in one transaction: the estimate moves only while it is still sent and
 * unanswered (a conditional update, so a double click or a second tab answers once), then the
 * optional lines' approvals, the chosen option's totals, a timeline entry by the customer and the
 * cancelled follow-ups. After the commit the company's staff get a toast. Null for an unknown
 * token; a RuleError when the estimate cannot be answered or the choice is not the estimate's.
 */
export async function answerEstimate(token: string, answer: Answer, now = new Date()): Promise<PublicEstimate | null> {
  const found = await findByToken(db, token);
  if (!found) return null;
  const refused = refusal(found);
  if (refused) throw new RuleError({ _global: refused });
  const approving = answer.kind === "approve" ? answer.input : null;
  let chosen: Awaited<ReturnType<typeof optionsWithLines>>[number] | undefined;
  if (approving) {
    chosen = (await optionsWithLines(db, found.id)).find((o) => o.id === approving.optionId);
    if (!chosen) throw new RuleError({ optionId: approvalMessages.option });
    const optional = new Set(chosen.lines.filter((l) => l.isOptional).map((l) => l.id));
    if (approving.approvedLineItemIds.some((id) => !optional.has(id)))
      throw new RuleError({ approvedLineItemIds: approvalMessages.lines });
  }
  // The image is checked and stored before the transaction (sharp is slow); dropped when the answer is not saved.
  const imageUrl = approving?.signature ? await storeSignatureImage(found.companyId, approving.signature) : null;
  let saved = false;
  try {
    saved = await db.transaction(async (tx) => {
      const approved = new Set(approving?.approvedLineItemIds ?? []);
      const totals = chosen ? optionTotalsWith(chosen.lines, approved, found) : null;
      const toStatus = approving ? EstimateStatus.Approved : EstimateStatus.Declined;
      const declineReason = answer.kind === "decline" ? (answer.input.reason ?? null) : null;
      const moved = await tx
        .update(estimates)
        .set({
          status: toStatus,
          approval: approving ? EstimateApproval.Approved : EstimateApproval.Declined,
          answeredAt: now,
          declineReason,
          ...(chosen && totals
            ? {
                chosenOptionId: chosen.id,
                totalCents: totals.totalCents,
                signatureName: approving!.name,
                signatureImageUrl: imageUrl,
              }
            : {}),
          updatedAt: now,
        })
        .where(
          and(
            eq(estimates.id, found.id),
            eq(estimates.status, EstimateStatus.Sent),
            eq(estimates.approval, EstimateApproval.Pending),
          ),
        )
        .returning({ id: estimates.id });
      if (!moved.length) return false;
      if (chosen && totals) {
        const optional = chosen.lines.filter((l) => l.isOptional).map((l) => l.id);
        if (optional.length) {
          const ticked = optional.filter((id) => approved.has(id));
          const unticked = optional.filter((id) => !approved.has(id));
          if (ticked.length)
            await tx.update(estimateLineItems).set({ isApproved: true }).where(inArray(estimateLineItems.id, ticked));
          if (unticked.length)
            await tx
              .update(estimateLineItems)
              .set({ isApproved: false })
              .where(inArray(estimateLineItems.id, unticked));
        }
        await tx
          .update(estimateOptions)
          .set({ subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents })
          .where(eq(estimateOptions.id, chosen.id));
      }
      await tx.insert(estimateTimelineEvents).values({
        companyId: found.companyId,
        estimateId: found.id,
        type: approving ? EstimateEvent.Approved : EstimateEvent.Declined,
        actorType: ActorType.MainParticipant,
        fromStatus: EstimateStatus.Sent,
        toStatus,
        reason: declineReason,
        data: approving ? { name: approving.name, optionId: chosen!.id, imageUrl } : null,
        at: now,
      });
      await cancelEstimateFollowUps(tx, found.companyId, found.id);
      await recordEstimateWebhook(tx, found.companyId, approving ? "estimate.approved" : "estimate.declined", found.id);
      return true;
    });
  } catch (error) {
    await deleteFile(imageUrl);
    throw error;
  }
  if (!saved) {
    await deleteFile(imageUrl);
    throw new RuleError({ _global: approvalMessages.answered });
  }
  const customerName = [found.customerFirstName, found.customerLastName].filter(Boolean).join(" ");
  const by = approving?.name ?? customerName;
  notifyCompany(
    found.companyId,
    RealtimeEvent.TextNotification,
    `Estimate #${found.number} was ${approving ? "approved" : "declined"}${by ? ` by ${by}` : ""}`,
  );
  return getPublicEstimate(token);
}

/** The public JSON of an estimate (POST /api/client/{token}/sign answers it): money in cents, no internal ids but the options' and lines'. */
export function publicEstimateJson(e: PublicEstimate) {
  return {
    number: e.number,
    name: e.name,
    status: e.status,
    approval: e.approval,
    companyName: e.companyName,
    customerName: e.customerName,
    address: e.address,
    sentAt: e.sentAt?.toISOString() ?? null,
    answeredAt: e.answeredAt?.toISOString() ?? null,
    chosenOptionId: e.chosenOptionId,
    declineReason: e.declineReason,
    signatureName: e.signatureName,
    hasSignatureImage: e.hasSignatureImage,
    totalCents: e.totalCents,
    options: e.options.map((o) => ({
      id: o.id,
      name: o.name,
      subtotalCents: o.totals.subtotalCents,
      discountCents: o.totals.discountCents,
      taxCents: o.totals.taxCents,
      totalCents: o.totals.totalCents,
      lineItems: o.lines.map((l) => ({
        id: l.id,
        name: l.name,
        description: l.description,
        quantity: l.quantity,
        amountCents: l.amountCents,
        isTaxable: l.isTaxable,
        optionalState: l.isOptional ? { isRecommended: l.isRecommended, isApproved: l.isApproved } : null,
      })),
    })),
  };
}
