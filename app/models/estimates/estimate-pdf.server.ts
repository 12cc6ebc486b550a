import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, companySettings } from "~/db/schema";
import { estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import type { EstimateDetails } from "~/models/estimates/estimates.server";
import { basisPointsToPercent } from "~/models/line-items/money";
import { serviceAddress } from "~/models/messaging/message-values.server";
import { renderDocumentPdf } from "~/services/pdf/document-pdf.server";
import { dayjs, DATE_SHORT, formatMoney } from "~/utils/format";
import { formatPhone } from "~/utils/validation";

type Line = EstimateDetails["options"][number]["lineItems"][number];

/** "(optional, recommended, approved)" after an optional line's name, as the estimate page notes it. */
const optionalNote = (l: Line) =>
  l.isOptional
    ? ` (${["optional", l.isRecommended ? "recommended" : null, l.isApproved ? "approved" : null].filter(Boolean).join(", ")})`
    : "";

/**
 * The estimate as a PDF: the company, the customer, the number, date and status, then each option
 * with its lines (optional ones marked) and its stored totals, formatted as on the estimate page
 * (discount capped at the option's subtotal), then the estimate's message and the company's
 * message on every estimate (settings, "Message on estimate").
 */
export async function estimatePdf(estimate: EstimateDetails, companyId: number): Promise<Buffer> {
  const [company] = await db
    .select({
      businessName: companies.businessName,
      email: companies.email,
      phone: companies.businessPhoneNumber,
      logoUrl: companies.logoUrl,
      timezone: companies.timezone,
      messageOnEstimate: companySettings.messageOnEstimate,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const date = (d: Date | string) => dayjs(d).tz(company.timezone).format(DATE_SHORT);
  const percent = basisPointsToPercent(estimate.taxRate);
  return renderDocumentPdf({
    title: "Estimate",
    number: `#${estimate.number}`,
    company: { ...company, phone: company.phone ? formatPhone(company.phone) : null },
    billTo: {
      name: estimate.customerName,
      email: estimate.customer?.email,
      address: serviceAddress(estimate.location, estimate.unitNumber) ?? null,
    },
    facts: [
      ["Date", date(estimate.createdAt)],
      ...(estimate.sentAt ? [["Sent", date(estimate.sentAt)] as [string, string]] : []),
      ["Status", estimateStatusLabels[estimate.status as EstimateStatusValue] ?? ""],
    ],
    lines: [],
    totals: [],
    sections: estimate.options.map((option) => ({
      heading: option.id === estimate.chosenOptionId ? `${option.name} (chosen)` : option.name,
      lines: option.lineItems.map((l) => ({
        name: `${l.name}${optionalNote(l)}`,
        description: l.description,
        quantity: String(l.quantity),
        unitPrice: formatMoney(l.unitPriceCents),
        amount: formatMoney(l.amountCents),
      })),
      totals: [
        ["Subtotal", formatMoney(option.subtotalCents)],
        ["Discount", `-${formatMoney(Math.min(estimate.discountCents, option.subtotalCents))}`],
        [`Tax (${percent}%)`, formatMoney(option.taxCents)],
        ["Total", formatMoney(option.totalCents)],
      ],
    })),
    message: estimate.message,
    notes: company.messageOnEstimate?.trim()
      ? [["FROM " + company.businessName.toUpperCase(), company.messageOnEstimate]]
      : [],
  });
}
