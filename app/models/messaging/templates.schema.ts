import { z } from "zod";
import { messages } from "~/utils/validation";
import { CUSTOMIZABLE_MESSAGE_TYPES, isCustomizableMessageType } from "./message-types";
import { templateError } from "./variables";

/*
 * The message template forms (the communication page, client and server) and the API bodies
 * (PATCH company-settings/custom-message/sms and /email): one set of rules for both.
 */

export const MESSAGE_FIELD_LABELS = {
  smsText: "Text Message",
  subjectText: "Email Subject",
  emailText: "Email Message",
} as const;

/** Lengths: a text message up to 320 characters (two segments and a bit; the campaign rule), a subject up to 100. */
export const MESSAGE_LIMITS = {
  smsText: { min: 2, max: 320 },
  subjectText: { min: 2, max: 100 },
  emailText: { min: 2, max: 5000 },
} as const;

type MessageField = keyof typeof MESSAGE_LIMITS;

/** A message text: required, within its lengths, with known, well-formed {{variables}} only. */
function messageText(field: MessageField) {
  const label = MESSAGE_FIELD_LABELS[field];
  const { min, max } = MESSAGE_LIMITS[field];
  return z
    .string({ required_error: messages.required(label), invalid_type_error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .min(min, messages.min(label, min))
    .max(max, messages.max(label, max))
    .superRefine((text, ctx) => {
      const error = templateError(label, text);
      if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
    });
}

const TYPE_MESSAGE = `Message type must be one of ${CUSTOMIZABLE_MESSAGE_TYPES.join(", ")} (the appointment reminder, 1, is not customizable)`;

/** A customizable message type (0, 2, 3, 4, 5), as a number or its digits. */
export const customizableMessageTypeField = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ required_error: messages.required("Message type"), invalid_type_error: TYPE_MESSAGE })
    .refine(isCustomizableMessageType, TYPE_MESSAGE)
    .describe("0 job scheduled, 2 on my way, 3 send invoice, 4 send estimate, 5 send visit details"),
) as z.ZodType<(typeof CUSTOMIZABLE_MESSAGE_TYPES)[number], z.ZodTypeDef, unknown>;

/** The stored custom message's id, when the caller edits one it read; absent or null for a type never customized. */
const messageIdField = z
  .number({ invalid_type_error: "Message id must be a positive whole number" })
  .int("Message id must be a positive whole number")
  .positive("Message id must be a positive whole number")
  .nullish();

/** The communication page's form: one type, its text message and its email. */
export const messageTemplateFormSchema = z.object({
  messageType: customizableMessageTypeField,
  smsText: messageText("smsText"),
  subjectText: messageText("subjectText"),
  emailText: messageText("emailText"),
});
export type MessageTemplateForm = z.infer<typeof messageTemplateFormSchema>;

/** PATCH /api/company-settings/custom-message/sms {messageId, smsText, customizableMessageType}. */
export const customSmsMessageSchema = z.object({
  messageId: messageIdField,
  smsText: messageText("smsText"),
  customizableMessageType: customizableMessageTypeField,
});
export type CustomSmsMessageInput = z.infer<typeof customSmsMessageSchema>;

/** PATCH /api/company-settings/custom-message/email {messageId, subjectText, emailText, customizableMessageType}. */
export const customEmailMessageSchema = z.object({
  messageId: messageIdField,
  subjectText: messageText("subjectText"),
  emailText: messageText("emailText"),
  customizableMessageType: customizableMessageTypeField,
});
export type CustomEmailMessageInput = z.infer<typeof customEmailMessageSchema>;
