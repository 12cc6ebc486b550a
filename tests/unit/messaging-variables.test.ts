import { describe, expect, it } from "vitest";
import { DEFAULT_MESSAGES } from "~/models/messaging/defaults";
import { emailHtml } from "~/models/messaging/email-html";
import {
  CUSTOMIZABLE_MESSAGE_TYPES,
  isCustomizableMessageType,
  MESSAGE_VARIABLES,
  MessageType,
} from "~/models/messaging/message-types";
import {
  customEmailMessageSchema,
  customSmsMessageSchema,
  messageTemplateFormSchema,
} from "~/models/messaging/templates.schema";
import {
  renderTemplate,
  sampleValues,
  templateError,
  templateProblem,
  variablesUsed,
} from "~/models/messaging/variables";
import { fieldErrors } from "~/utils/validation";

describe("message types and variables", () => {
  it("are the spec's numbers and names", () => {
    expect(MessageType).toEqual({
      JobScheduled: 0,
      AppointmentReminder: 1,
      OnMyWay: 2,
      SendInvoice: 3,
      SendEstimate: 4,
      SendVisitDetails: 5,
    });
    expect(CUSTOMIZABLE_MESSAGE_TYPES).toEqual([0, 2, 3, 4, 5]);
    expect(isCustomizableMessageType(1)).toBe(false);
    expect(MESSAGE_VARIABLES).toHaveLength(13);
  });

  it("every default uses only known variables and renders with no braces left, values or not", () => {
    for (const text of Object.values(DEFAULT_MESSAGES)) {
      for (const part of [text.smsText, text.subjectText, text.emailText]) {
        expect(templateProblem(part)).toBeNull();
        expect(renderTemplate(part, sampleValues({ businessName: "Acme" }))).not.toMatch(/[{}]/);
        expect(renderTemplate(part, {})).not.toMatch(/[{}]/);
      }
    }
  });
});

describe("checking a text's variables", () => {
  it("accepts the known ones, spaces inside the braces too", () => {
    expect(templateProblem("Hi {{customer_first_name}} from {{ company_name }}")).toBeNull();
    expect(variablesUsed("{{company_name}} {{job_title}} {{company_name}}")).toEqual(["company_name", "job_title"]);
  });

  it("names the unknown ones", () => {
    expect(templateError("Text Message", "Hi {{first_name}}")).toBe(
      "Text Message uses an unknown variable {{first_name}}. Use one of the listed variables",
    );
    expect(templateError("Email Message", "{{a}} {{Company_Name}} {{a}}")).toBe(
      "Email Message uses unknown variables {{a}}, {{Company_Name}}. Use the listed variables only",
    );
  });

  it("refuses malformed braces", () => {
    for (const text of [
      "Hi {{customer_first_name}",
      "Hi {{}}",
      "Hi {{ }}",
      "Hi customer_first_name}}",
      "{{{company_name}}}",
      "{{ {{company_name}}",
    ])
      expect(templateProblem(text), text).toEqual({ kind: "malformed" });
    expect(templateError("Email Subject", "{{")).toMatch(/^Email Subject has a malformed variable/);
  });

  it("puts the message on the field in the form and API schemas", () => {
    const form = messageTemplateFormSchema.safeParse({
      messageType: "2",
      smsText: "Hi {{nope}}",
      subjectText: "Hello {{",
      emailText: "Fine {{company_name}}",
    });
    expect(form.success).toBe(false);
    if (!form.success)
      expect(fieldErrors(form.error)).toEqual({
        smsText: "Text Message uses an unknown variable {{nope}}. Use one of the listed variables",
        subjectText:
          "Email Subject has a malformed variable: write each variable as {{variable_name}}, e.g. {{customer_first_name}}",
      });
    const reminder = customSmsMessageSchema.safeParse({ smsText: "Hello there", customizableMessageType: 1 });
    expect(reminder.success).toBe(false);
    if (!reminder.success) expect(Object.keys(fieldErrors(reminder.error))).toEqual(["customizableMessageType"]);
    expect(
      customEmailMessageSchema.parse({
        messageId: null,
        subjectText: " Hi ",
        emailText: "Body",
        customizableMessageType: 3,
      }),
    ).toEqual({ messageId: null, subjectText: "Hi", emailText: "Body", customizableMessageType: 3 });
  });

  it("has the catalogue's length messages", () => {
    const result = customSmsMessageSchema.safeParse({ smsText: "x".repeat(321), customizableMessageType: 0 });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error).smsText).toBe("Text Message is too long - should be 320 chars maximum");
  });
});

describe("rendering", () => {
  it("fills the values in", () => {
    expect(
      renderTemplate("Hi {{customer_first_name}}, {{company_name}} here.", {
        customer_first_name: "Ann",
        company_name: "Acme",
      }),
    ).toBe("Hi Ann, Acme here.");
  });

  it("never sends {{...}}: a missing value takes its fallback and the line is tidied", () => {
    expect(renderTemplate("Hi {{customer_first_name}}, your visit is on {{service_date}}.", {})).toBe(
      "Hi, your visit is on the scheduled date.",
    );
    expect(renderTemplate("{{technician_full_name}} is on the way.", {})).toBe("Our technician is on the way.");
    expect(renderTemplate("Call us ({{business_phone}}) today", { business_phone: "  " })).toBe("Call us today");
    expect(renderTemplate("Unknown {{thing}} stays out", {})).toBe("Unknown stays out");
  });

  it("drops a label left without its link, and keeps the rest of the line", () => {
    expect(renderTemplate("Your invoice is ready. Pay online: {{direct_payment_link}}", {})).toBe(
      "Your invoice is ready.",
    );
    expect(renderTemplate("Hello\n\nPay online: {{direct_payment_link}}\n\nThanks", {})).toBe("Hello\n\nThanks");
    expect(renderTemplate("Pay online: {{direct_payment_link}}", { direct_payment_link: "https://x.test/p" })).toBe(
      "Pay online: https://x.test/p",
    );
  });

  it("leaves lines without a missing value exactly as written", () => {
    expect(renderTemplate("A  b ,c\n{{company_name}}", { company_name: "Acme" })).toBe("A  b ,c\nAcme");
  });

  it("escapes HTML in the email's HTML version and links web addresses", () => {
    const html = emailHtml({
      companyName: "Tom & Jerry <Plumbing>",
      logoUrl: "https://app.test/files/1/logo.png?a=1&b=2",
      subject: "<b>Hi</b>",
      text: renderTemplate("Hi {{customer_first_name}}\nSee https://app.test/v/abc?x=1&y=2.", {
        customer_first_name: '<script>alert("x")</script>',
      }),
    });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Tom &amp; Jerry &lt;Plumbing&gt;");
    expect(html).toContain("<title>&lt;b&gt;Hi&lt;/b&gt;</title>");
    expect(html).toContain('<a href="https://app.test/v/abc?x=1&amp;y=2"');
    expect(html).toContain('src="https://app.test/files/1/logo.png?a=1&amp;b=2"');
    expect(html).toContain("#2E3758");
    expect(html).toContain("#3AC09D");
  });
});
