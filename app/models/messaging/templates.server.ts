import { and, eq } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { companies, messageTemplates } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { RuleError } from "~/models/rules";
import { formatPhone } from "~/utils/validation";
import { DEFAULT_MESSAGES, type MessageText } from "./defaults";
import { emailHtml } from "./email-html";
import {
  CUSTOMIZABLE_MESSAGE_TYPES,
  isCustomizableMessageType,
  isMessageType,
  MESSAGE_TYPE_LABELS,
  type CustomizableMessageType,
  type MessageTypeValue,
  type MessageValues,
} from "./message-types";
import { renderTemplate } from "./variables";

export type { MessageValues } from "./message-types";

/** A message ready to send: the text, the email subject, and the email as text and as HTML. */
export type RenderedMessage = { smsText: string; subject: string; emailText: string; emailHtml: string };

/** One message type as the company sends it: its own wording where it has one, else the default. */
export type MessageTemplateEntry = {
  /** The stored custom message's id, or null while the type has never been customized. */
  messageId: number | null;
  customizableMessageType: CustomizableMessageType;
  name: string;
  smsText: string;
  subjectText: string;
  emailText: string;
  isSmsCustom: boolean;
  isEmailCustom: boolean;
  updatedAt: string | null;
};

type StoredRow = {
  id: number;
  messageType: number;
  smsText: string | null;
  subjectText: string | null;
  emailText: string | null;
  updatedAt: Date;
};

const storedColumns = {
  id: messageTemplates.id,
  messageType: messageTemplates.messageType,
  smsText: messageTemplates.smsText,
  subjectText: messageTemplates.subjectText,
  emailText: messageTemplates.emailText,
  updatedAt: messageTemplates.updatedAt,
};

/** The default wording of a type (0-5, the appointment reminder included), or null for an unknown type. */
export function defaultMessage(messageType: number): (MessageText & { messageType: MessageTypeValue }) | null {
  return isMessageType(messageType) ? { messageType, ...DEFAULT_MESSAGES[messageType] } : null;
}

function entryOf(type: CustomizableMessageType, row: StoredRow | undefined): MessageTemplateEntry {
  const fallback = DEFAULT_MESSAGES[type];
  return {
    messageId: row?.id ?? null,
    customizableMessageType: type,
    name: MESSAGE_TYPE_LABELS[type],
    smsText: row?.smsText ?? fallback.smsText,
    subjectText: row?.subjectText ?? fallback.subjectText,
    emailText: row?.emailText ?? fallback.emailText,
    isSmsCustom: row?.smsText != null,
    isEmailCustom: row?.subjectText != null || row?.emailText != null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET company-settings/custom-messages: the five customizable types in the page's order, custom or default. */
export async function listMessageTemplates(ctx: Pick<CallerContext, "companyId">): Promise<MessageTemplateEntry[]> {
  const rows = await db
    .select(storedColumns)
    .from(messageTemplates)
    .where(eq(messageTemplates.companyId, ctx.companyId));
  return CUSTOMIZABLE_MESSAGE_TYPES.map((type) =>
    entryOf(
      type,
      rows.find((r) => r.messageType === type),
    ),
  );
}

/** One customizable type as the company sends it; null for a type that is not customizable. */
export async function getMessageTemplate(
  ctx: Pick<CallerContext, "companyId">,
  messageType: number,
): Promise<MessageTemplateEntry | null> {
  if (!isCustomizableMessageType(messageType)) return null;
  const [row] = await db
    .select(storedColumns)
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, ctx.companyId), eq(messageTemplates.messageType, messageType)));
  return entryOf(messageType, row);
}

export type MessageTemplateUpdate = {
  messageType: CustomizableMessageType;
  /** The stored custom message the caller read (the API's messageId): another company's is "not found". */
  messageId?: number | null;
  smsText?: string;
  subjectText?: string;
  emailText?: string;
};

/**
 * Saves a company's wording of one type: the parts given (the text message, the email, or all
 * three), the others untouched. A part equal to the default is stored as "no custom text", so it
 * stays marked Default. Null when messageId names no custom message of this company.
 */
export async function saveMessageTemplate(
  ctx: Pick<CallerContext, "companyId">,
  update: MessageTemplateUpdate,
): Promise<MessageTemplateEntry | null> {
  const type = update.messageType;
  const fallback = DEFAULT_MESSAGES[type];
  const parts: Partial<Record<keyof MessageText, string | null>> = {};
  for (const key of ["smsText", "subjectText", "emailText"] as const) {
    const value = update[key];
    if (value !== undefined) parts[key] = value === fallback[key] ? null : value;
  }
  const now = new Date();
  return db.transaction(async (tx) => {
    if (update.messageId) {
      const [row] = await tx
        .select({ id: messageTemplates.id, messageType: messageTemplates.messageType })
        .from(messageTemplates)
        .where(and(eq(messageTemplates.id, update.messageId), eq(messageTemplates.companyId, ctx.companyId)));
      if (!row) return null;
      if (row.messageType !== type) {
        const stored = isMessageType(row.messageType) ? MESSAGE_TYPE_LABELS[row.messageType] : String(row.messageType);
        throw new RuleError({
          customizableMessageType: `Message ${row.id} is the ${stored} message, not the ${MESSAGE_TYPE_LABELS[type]} message`,
        });
      }
    }
    const [saved] = await tx
      .insert(messageTemplates)
      .values({ companyId: ctx.companyId, messageType: type, ...parts, updatedAt: now })
      .onConflictDoUpdate({
        target: [messageTemplates.companyId, messageTemplates.messageType],
        set: { ...parts, updatedAt: now },
      })
      .returning(storedColumns);
    return entryOf(type, saved);
  });
}

/** Back to the default wording (text message and email): the custom message is deleted. */
export async function resetMessageTemplate(
  ctx: Pick<CallerContext, "companyId">,
  messageType: CustomizableMessageType,
): Promise<MessageTemplateEntry> {
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.companyId, ctx.companyId), eq(messageTemplates.messageType, messageType)));
  return entryOf(messageType, undefined);
}

/** The values given, without blank ones (a blank name must not hide the company's own). */
const givenValues = (values: MessageValues): MessageValues =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string" && v.trim() !== ""));

/** A stored logo address as an email needs it: absolute. */
export function absoluteLogoUrl(logoUrl: string | null | undefined): string | null {
  if (!logoUrl) return null;
  return /^https?:\/\//i.test(logoUrl) ? logoUrl : absoluteUrl(logoUrl);
}

/** Renders a wording with values, for a company (its name and logo head the email). */
export function renderMessage(
  text: MessageText,
  values: MessageValues,
  company: { businessName: string; logoUrl: string | null },
): RenderedMessage {
  const subject = renderTemplate(text.subjectText, values).replace(/\s*\n\s*/g, " ");
  const emailText = renderTemplate(text.emailText, values);
  return {
    smsText: renderTemplate(text.smsText, values),
    subject,
    emailText,
    emailHtml: emailHtml({ companyName: company.businessName, logoUrl: company.logoUrl, subject, text: emailText }),
  };
}

/**
 * The message of a type as the company sends it, with the values of one customer and visit
 * (messageValuesForJob): its own wording where it has one, else the default; the appointment
 * reminder (1) always the default. The company's name and business phone fill in when not given.
 * Throws for an unknown type or company (a programming error, not a customer's).
 */
export async function renderCompanyMessage(
  companyId: number,
  messageType: number,
  values: MessageValues,
): Promise<RenderedMessage> {
  if (!isMessageType(messageType)) throw new Error(`Unknown message type ${messageType}`);
  const [company] = await db
    .select({
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
      businessPhoneNumber: companies.businessPhoneNumber,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new Error(`Unknown company ${companyId}`);
  const text = isCustomizableMessageType(messageType)
    ? await getMessageTemplate({ companyId }, messageType)
    : DEFAULT_MESSAGES[messageType];
  return renderMessage(
    text ?? DEFAULT_MESSAGES[messageType],
    {
      company_name: company.businessName,
      business_phone: formatPhone(company.businessPhoneNumber) || undefined,
      ...givenValues(values),
    },
    { businessName: company.businessName, logoUrl: absoluteLogoUrl(company.logoUrl) },
  );
}
