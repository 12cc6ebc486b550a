import { optionTotalsWith, type PublicEstimate } from "~/models/estimates/estimate-approval.server";
import { EstimateApproval, estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import { DATE_LONG, formatInZone, formatMoney } from "~/utils/format";
import { formatPhone } from "~/utils/validation";

/** What the customer picked so far: an option and the optional lines ticked (the page's defaults otherwise). */
export type Choice = { optionId?: number; approvedLineItemIds?: number[] };

/** The ticked optional lines of an option: the posted ones of that option, else the approved or recommended ones. */
function tickedLines(option: PublicEstimate["options"][number], choice: Choice): Set<number> {
  const optional = option.lines.filter((l) => l.isOptional);
  if (choice.approvedLineItemIds)
    return new Set(optional.filter((l) => choice.approvedLineItemIds!.includes(l.id)).map((l) => l.id));
  return new Set(optional.filter((l) => l.isApproved || l.isRecommended).map((l) => l.id));
}

/**
 * The customer's page, formatted: every option with its lines and the totals of the current choice
 * (computed here, so the page without JavaScript shows the same numbers the script computes).
 */
export function estimatePageView(e: PublicEstimate, choice: Choice = {}) {
  const answered = e.approval !== EstimateApproval.Pending;
  const selectedId =
    e.options.find((o) => o.id === (choice.optionId ?? e.chosenOptionId))?.id ?? e.options[0]?.id ?? null;
  const options = e.options
    // After an approval only the chosen option is shown, with its approved lines.
    .filter((o) => e.approval !== EstimateApproval.Approved || o.id === e.chosenOptionId)
    .map((o) => {
      const ticked = answered ? new Set(o.lines.filter((l) => l.isApproved).map((l) => l.id)) : tickedLines(o, choice);
      const totals = optionTotalsWith(o.lines, ticked, e);
      return {
        id: o.id,
        name: o.name,
        lines: o.lines
          .filter((l) => e.approval !== EstimateApproval.Approved || !l.isOptional || l.isApproved)
          .map((l) => ({
            id: l.id,
            name: l.name,
            description: l.description,
            quantity: l.quantity.toString(),
            amount: formatMoney(l.amountCents),
            amountCents: l.amountCents,
            isTaxable: l.isTaxable,
            isOptional: l.isOptional,
            isRecommended: l.isRecommended,
            ticked: ticked.has(l.id),
          })),
        subtotal: formatMoney(totals.subtotalCents),
        // Shown whenever the estimate has a discount: the script updates it as lines are ticked.
        discount: e.discountCents ? formatMoney(totals.discountCents) : null,
        tax: formatMoney(totals.taxCents),
        total: formatMoney(totals.totalCents),
      };
    });
  return {
    number: e.number,
    companyName: e.companyName,
    companyPhone: formatPhone(e.companyPhone),
    companyPhoneHref: e.companyPhone ? `tel:${e.companyPhone.replace(/[^\d+]/g, "")}` : null,
    companyEmail: e.companyEmail,
    companyLogoUrl: e.companyLogoUrl,
    companyMessage: e.companyMessage,
    message: e.message,
    title: e.name,
    date: formatInZone(e.sentAt ?? e.createdAt, e.timezone, DATE_LONG),
    customerName: e.customerName,
    address: e.address,
    canAnswer: e.canAnswer,
    approval: e.approval,
    statusLabel: estimateStatusLabels[e.status as EstimateStatusValue],
    answeredOn: e.answeredAt ? formatInZone(e.answeredAt, e.timezone, DATE_LONG) : null,
    declineReason: e.declineReason,
    signatureName: e.signatureName,
    hasSignatureImage: e.hasSignatureImage,
    discountCents: e.discountCents,
    taxRate: e.taxRate,
    selectedId,
    options,
  };
}
export type EstimatePageView = ReturnType<typeof estimatePageView>;
