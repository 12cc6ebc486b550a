import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { companies, customers, estimates, jobs, type FormAnswer, type FormItemDefinition } from "~/db/schema";
import {
  assignedChecklist,
  recordChecklists,
  type AssignedChecklist,
  type ChecklistRecord,
} from "~/models/checklists/assigned-checklists.server";
import { answerText, FormItemType, hasFileAnswer } from "~/models/checklists/checklist-items";
import { canSeeEstimate } from "~/models/estimates/estimates.server";
import { canSeeJob } from "~/models/jobs/jobs.server";
import { requestKey } from "~/models/messaging/automatic.server";
import { emailHtml } from "~/models/messaging/email-html";
import { serviceAddress } from "~/models/messaging/message-values.server";
import { DeliveryUnavailableError, sendCustomerMessage, type DeliveryServices } from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";
import { RuleError } from "~/models/rules";
import { absoluteUrl } from "~/http/app-url.server";
import { renderDocumentPdf } from "~/services/pdf/document-pdf.server";
import { dayjs, DATE_SHORT } from "~/utils/format";
import { formatPhone, messages, optionalEmailField } from "~/utils/validation";

// A job's or an estimate's checklists as a PDF and as an email with their public links
// (docs/decisions/064). The customer's copy of a checklist is its public page, reached by its token.

/** "job" or "estimate": the public paths' {entityType} and the records' kind. */
export type ChecklistEntity = "job" | "estimate";

export const entityOf = (record: ChecklistRecord): ChecklistEntity => ("jobId" in record ? "job" : "estimate");
export const recordIdOf = (record: ChecklistRecord) => ("jobId" in record ? record.jobId : record.estimateId);

/** The customer's read-only page of one checklist. */
export const publicChecklistPath = (entity: ChecklistEntity, companyId: number, recordId: number, token: string) =>
  `/${entity}s/public-checklist/${companyId}/${recordId}/${token}`;

/** The customer's form to fill one checklist in (the spec's /company-public-forms/...; {formId} is the token). */
export const publicFormPath = (entity: ChecklistEntity, companyId: number, recordId: number, token: string) =>
  `/company-public-forms/${companyId}/${entity}/${recordId}/form/${token}`;

/** What heads every checklist document: the company, and the job's or estimate's title, customer and address. */
export type ChecklistHeader = {
  company: {
    businessName: string;
    email: string | null;
    phone: string | null;
    logoUrl: string | null;
    timezone: string;
  };
  record: {
    title: string;
    customerId: number;
    customerName: string;
    customerEmail: string | null;
    address: string | null;
  };
};

/** The header of a job or an estimate of the company, or null. */
export async function checklistHeader(companyId: number, record: ChecklistRecord): Promise<ChecklistHeader | null> {
  const table = "jobId" in record ? jobs : estimates;
  const [row] = await db
    .select({
      businessName: companies.businessName,
      email: companies.email,
      phone: companies.businessPhoneNumber,
      logoUrl: companies.logoUrl,
      timezone: companies.timezone,
      name: table.name,
      number: "jobId" in record ? jobs.id : estimates.number,
      location: table.location,
      unitNumber: table.unitNumber,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerEmail: customers.email,
    })
    .from(table)
    .innerJoin(companies, eq(companies.id, table.companyId))
    .innerJoin(customers, eq(customers.id, table.customerId))
    .where(and(eq(table.id, recordIdOf(record)), eq(table.companyId, companyId)));
  if (!row) return null;
  const kind = "jobId" in record ? "Job" : "Estimate";
  return {
    company: {
      businessName: row.businessName,
      email: row.email,
      phone: row.phone ? formatPhone(row.phone) : null,
      logoUrl: row.logoUrl,
      timezone: row.timezone,
    },
    record: {
      title: row.name?.trim() || `${kind} #${row.number}`,
      customerId: row.customerId,
      customerName: [row.firstName, row.lastName].filter(Boolean).join(" "),
      customerEmail: row.customerEmail,
      address: serviceAddress(row.location, row.unitNumber) ?? null,
    },
  };
}

/** One item as the page, the PDF and the public API read it: the label, the answer in words, its files. */
export function itemView(item: FormItemDefinition, answer: FormAnswer | undefined) {
  return {
    key: item.key,
    type: item.type,
    label: item.label,
    required: item.required,
    options: item.options ?? [],
    answer: answerText(item, answer),
    files: hasFileAnswer(item.type) ? (answer?.files ?? []) : [],
  };
}

/** The caller may see the job or estimate (a field tech only their own), as its pages decide. */
const canSee = (ctx: CallerContext, record: ChecklistRecord) =>
  "jobId" in record ? canSeeJob(ctx, record.jobId) : canSeeEstimate(ctx, record.estimateId);

/** One checklist of the record, or all of them; null when the caller may not see the record or the checklist. */
async function checklistsOf(ctx: CallerContext, record: ChecklistRecord, checklistId?: number) {
  if (!(await canSee(ctx, record))) return null;
  const header = await checklistHeader(ctx.companyId, record);
  if (!header) return null;
  if (checklistId === undefined) return { header, checklists: await recordChecklists(ctx.companyId, record) };
  const one = await assignedChecklist(ctx.companyId, record, checklistId);
  return one && { header, checklists: [one] };
}

const completion = (c: AssignedChecklist) => (c.completedAt ? "completed" : "not completed");

/** A file name for the download: the record and the checklist's name in plain letters. */
const fileNameOf = (entity: ChecklistEntity, recordId: number, checklist?: AssignedChecklist) =>
  `${entity}-${recordId}-${
    checklist
      ? checklist.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "") || "checklist"
      : "checklists"
  }.pdf`;

/**
 * GET {jobs|estimates}/{id}/checklist/{checklistId}/pdf and {id}/checklists/pdf: the company's
 * logo and details, the record's title, customer and address, then each checklist with every
 * item's label and answer, its photos and its signature. Null when not found for the caller.
 */
export async function checklistsPdf(
  ctx: CallerContext,
  record: ChecklistRecord,
  checklistId?: number,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const found = await checklistsOf(ctx, record, checklistId);
  if (!found) return null;
  const { header, checklists } = found;
  const entity = entityOf(record);
  const pdf = await renderDocumentPdf({
    title: checklistId === undefined ? "Checklists" : "Checklist",
    number: "",
    company: header.company,
    billToLabel: "CUSTOMER",
    billTo: { name: header.record.customerName, address: header.record.address },
    facts: [
      [entity === "job" ? "Job" : "Estimate", header.record.title],
      ["Date", dayjs().tz(header.company.timezone).format(DATE_SHORT)],
    ],
    lines: [],
    totals: [],
    checklists: checklists.map((c) => ({
      heading: `${c.name} (${completion(c)})`,
      items: c.items.map((item) => {
        const view = itemView(item, c.answers[item.key]);
        return {
          label: view.label,
          answer: view.answer,
          imageUrls: view.files.map((f) => f.fileUrl),
          signature: item.type === FormItemType.Signature,
        };
      }),
    })),
  });
  return {
    pdf,
    fileName: fileNameOf(entity, recordIdOf(record), checklistId === undefined ? undefined : checklists[0]),
  };
}

/** GET .../checklists/send?email= and .../checklist/{checklistId}/send?email=: the customer's email when left out. */
export const checklistSendQuerySchema = z.object({
  email: optionalEmailField(),
  requestToken: z.string().max(100).optional(),
});
export type ChecklistSendInput = z.infer<typeof checklistSendQuerySchema>;

/**
 * Emails the links of the record's checklists (or of one) to the address, from the company: the
 * email service takes no attachments, so each checklist is its public page, which always shows the
 * latest answers. One email per request (its own dedupe key, or the caller's request token). Null
 * when not found for the caller; RuleError without an address, without checklists, or when the
 * email could not be handed over.
 */
export async function sendChecklists(
  ctx: CallerContext,
  record: ChecklistRecord,
  input: ChecklistSendInput,
  checklistId?: number,
  services?: DeliveryServices,
): Promise<{ email: string; checklists: number; links: string[] } | null> {
  const found = await checklistsOf(ctx, record, checklistId);
  if (!found) return null;
  const { header, checklists } = found;
  const to = input.email ?? header.record.customerEmail?.toLowerCase();
  if (!to) throw new RuleError({ email: messages.required("Email") });
  if (checklists.length === 0) throw new RuleError({ _global: "There are no checklists to send" });
  const entity = entityOf(record);
  const recordId = recordIdOf(record);
  const links = checklists.map((c) => absoluteUrl(publicChecklistPath(entity, ctx.companyId, recordId, c.publicToken)));
  const { company } = header;
  const place = header.record.address ? ` at ${header.record.address}` : "";
  const subject =
    checklists.length === 1 ? `${checklists[0].name}: ${header.record.title}` : `Checklists: ${header.record.title}`;
  const text = [
    `Hello${header.record.customerName ? ` ${header.record.customerName}` : ""},`,
    `${company.businessName} shares ${checklists.length === 1 ? "a checklist" : "the checklists"} of ${header.record.title}${place}.`,
    ...checklists.map((c, i) => `${c.name} (${completion(c)}): ${links[i]}`),
    `Thank you,\n${company.businessName}`,
  ].join("\n\n");
  try {
    const outcome = await sendCustomerMessage(
      {
        companyId: ctx.companyId,
        customerId: header.record.customerId,
        jobId: "jobId" in record ? record.jobId : null,
        channel: 2,
        dedupeKey: `checklists:${entity}:${recordId}:${requestKey(input.requestToken)}`,
        to: { email: to },
        message: {
          subject,
          smsText: "",
          emailText: text,
          emailHtml: emailHtml({
            companyName: company.businessName,
            logoUrl: absoluteLogoUrl(company.logoUrl),
            subject,
            text,
          }),
        },
      },
      ...(services ? [services] : []),
    );
    if (outcome.email && "status" in outcome.email && outcome.email.status === "failed")
      throw new RuleError({ email: "The email could not be sent to this address" });
    if (outcome.email && "skipped" in outcome.email) throw new RuleError({ _global: outcome.email.message });
  } catch (error) {
    if (!(error instanceof DeliveryUnavailableError)) throw error;
    throw new RuleError({ _global: "The email service could not take the message now: try again in a minute" });
  }
  return { email: to, checklists: checklists.length, links };
}
