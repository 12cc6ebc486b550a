import type { MessageTypeValue } from "./message-types";

export type MessageText = { smsText: string; subjectText: string; emailText: string };

const VISIT_DETAILS = "Visit details: {{direct_portal_link}}";
const QUESTIONS = "Questions? Call us at {{business_phone}}.";

/** An email: the greeting, the paragraphs a blank line apart, and the sign-off above the company's name. */
const emailText = (paragraphs: string[], signOff = "Thank you,") =>
  ["Hi {{customer_first_name}},", ...paragraphs, `${signOff}\n{{company_name}}`].join("\n\n");

/**
 * The wording of each message type when the company has not written its own. Short SMS texts
 * (one segment with typical values where possible); links stand on their own line behind a label,
 * so a link that does not exist yet drops the whole line (variables.ts renderTemplate).
 */
export const DEFAULT_MESSAGES: Record<MessageTypeValue, MessageText> = {
  0: {
    smsText:
      "Hi {{customer_first_name}}, {{company_name}} has scheduled {{job_title}} for {{scheduled_date_time}}. Questions? Call {{business_phone}}.",
    subjectText: "Your visit with {{company_name}} is scheduled",
    emailText: emailText([
      "Thank you for choosing {{company_name}}. Your visit for {{job_title}} is scheduled for {{scheduled_date_time}} at {{service_address}}.",
      VISIT_DETAILS,
      "If you need to reschedule, call us at {{business_phone}}.",
    ]),
  },
  1: {
    smsText:
      "Reminder from {{company_name}}: your visit is on {{scheduled_date_time}} at {{service_address}}. Call {{business_phone}} to reschedule.",
    subjectText: "Reminder: your visit with {{company_name}} on {{service_date}}",
    emailText: emailText(
      [
        "This is a friendly reminder that {{company_name}} will visit you for {{job_title}} on {{scheduled_date_time}} at {{service_address}}.",
        VISIT_DETAILS,
        "Need to reschedule? Call us at {{business_phone}}.",
      ],
      "See you soon,",
    ),
  },
  2: {
    smsText:
      "Hi {{customer_first_name}}, {{technician_full_name}} from {{company_name}} is on the way to {{service_address}}.",
    subjectText: "{{company_name}} is on the way",
    emailText: emailText([
      "{{technician_full_name}} from {{company_name}} is on the way to {{service_address}} for {{job_title}}.",
      VISIT_DETAILS,
      QUESTIONS,
    ]),
  },
  3: {
    smsText:
      "Hi {{customer_first_name}}, your invoice from {{company_name}} for {{job_title}} is ready. Pay online: {{direct_payment_link}}",
    subjectText: "Your invoice from {{company_name}}",
    emailText: emailText([
      "Thank you for your business. Your invoice for {{job_title}} from {{service_date}} is attached.",
      "Pay online: {{direct_payment_link}}",
      "Your account: {{customer_portal_link}}",
      "Questions about your invoice? Call us at {{business_phone}}.",
    ]),
  },
  4: {
    smsText:
      "Hi {{customer_first_name}}, your estimate from {{company_name}} for {{job_title}} is ready. View it: {{direct_portal_link}}",
    subjectText: "Your estimate from {{company_name}}",
    emailText: emailText([
      "Thank you for considering {{company_name}}. Your estimate for {{job_title}} at {{service_address}} is attached.",
      "View your estimate: {{direct_portal_link}}",
      QUESTIONS,
    ]),
  },
  5: {
    smsText:
      "Hi {{customer_first_name}}, here are the details of your visit with {{company_name}} on {{service_date}}. View them: {{direct_portal_link}}",
    subjectText: "Details of your visit with {{company_name}}",
    emailText: emailText([
      "Here are the details of your visit for {{job_title}} on {{scheduled_date_time}} at {{service_address}}.",
      "Technician: {{technician_full_name}}",
      VISIT_DETAILS,
      QUESTIONS,
    ]),
  },
};
