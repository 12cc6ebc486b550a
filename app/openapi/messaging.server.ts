import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";
import { customEmailMessageSchema, customSmsMessageSchema } from "~/models/messaging/templates.schema";

const managers = "company admin, super admin; needs the customized messages plan feature";

const messageText = z.object({
  smsText: z.string(),
  subjectText: z.string(),
  emailText: z.string().describe("plain text; the HTML email is built from it at send time"),
});
const templateEntry = messageText.extend({
  messageId: z.number().int().nullable().describe("the stored custom message, null while the type uses the default"),
  customizableMessageType: z
    .number()
    .int()
    .describe("0 job scheduled, 2 on my way, 3 send invoice, 4 send estimate, 5 send visit details"),
  name: z.string(),
  isSmsCustom: z.boolean(),
  isEmailCustom: z.boolean(),
  updatedAt: z.string().nullable(),
});
const variablesNote =
  "Texts may use {{customer_full_name}}, {{customer_first_name}}, {{company_name}}, {{service_address}}, {{business_phone}}, {{job_title}}, {{technician_full_name}}, {{online_booking_link}}, {{customer_portal_link}}, {{direct_portal_link}}, {{direct_payment_link}}, {{scheduled_date_time}}, {{service_date}}; an unknown or malformed variable is 400 {errors: {field: message}}. Another company's messageId is 404.";

registerCall({
  method: "get",
  path: "/company-settings/default-message/{messageType}",
  tag: "Message templates",
  summary:
    "The default wording of a message type (0 job scheduled, 1 appointment reminder, 2 on my way, 3 send invoice, 4 send estimate, 5 send visit details); another number is 404",
  access: managers,
  params: z.object({ messageType: z.number().int() }),
  response: z.object({ data: messageText.extend({ messageType: z.number().int() }) }),
});
registerCall({
  method: "get",
  path: "/company-settings/custom-messages",
  tag: "Message templates",
  summary:
    "The five customizable message types as the company sends them: its own wording or the default, marked which",
  access: managers,
  response: z.object({ data: z.array(templateEntry) }),
});
registerCall({
  method: "patch",
  path: "/company-settings/custom-message/sms",
  tag: "Message templates",
  summary: `Save the text message of a type (2-320 characters). ${variablesNote}`,
  access: managers,
  body: customSmsMessageSchema,
  response: z.object({ data: templateEntry }),
});
registerCall({
  method: "patch",
  path: "/company-settings/custom-message/email",
  tag: "Message templates",
  summary: `Save the email subject (2-100 characters) and body of a type. ${variablesNote}`,
  access: managers,
  body: customEmailMessageSchema,
  response: z.object({ data: templateEntry }),
});
