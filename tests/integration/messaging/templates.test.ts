import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, customers, jobEmployees, jobs, messageTemplates } from "~/db/schema";
import { Role } from "~/access/roles";
import { DEFAULT_MESSAGES } from "~/models/messaging/defaults";
import { MessageType } from "~/models/messaging/message-types";
import { messageValuesForJob } from "~/models/messaging/message-values.server";
import { listMessageTemplates, renderCompanyMessage, saveMessageTemplate } from "~/models/messaging/templates.server";
import { action as pageAction, loader as pageLoader } from "~/routes/_app+/communication";
import { loader as defaultLoader } from "~/routes/api+/company-settings+/default-message.$messageType";
import { loader as listLoader } from "~/routes/api+/company-settings+/custom-messages";
import { action as smsAction } from "~/routes/api+/company-settings+/custom-message.sms";
import { action as emailAction } from "~/routes/api+/company-settings+/custom-message.email";
import { createTestUser } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { staffCookies } from "../sign-ins";
import { callRoute } from "../company/call";
import { admin, expectRefusedForm, submit, toastOf } from "../company/screens-helpers";

useTestDatabase();

const patch = (path: string, cookie: string, json: unknown) => ({ method: "PATCH", cookie, json });

describe("the communication page without JavaScript", () => {
  it("lists the five customizable types with their default texts, marked Default", async () => {
    const { cookie } = await admin();
    const page = await callRoute(pageLoader, "/communication", { cookie });
    expect(page.status).toBe(200);
    expect(page.body.templates.map((t: { customizableMessageType: number }) => t.customizableMessageType)).toEqual([
      0, 2, 3, 4, 5,
    ]);
    expect(page.body.templates[1]).toMatchObject({
      name: "On My Way",
      messageId: null,
      smsText: DEFAULT_MESSAGES[2].smsText,
      isSmsCustom: false,
      isEmailCustom: false,
    });
    expect(page.body.editing).toBeNull();
    expect((await callRoute(pageLoader, "/communication?edit=2", { cookie })).body.editing).toMatchObject({
      customizableMessageType: 2,
    });
    for (const bad of ["1", "6", "x", "-1"])
      expect((await callRoute(pageLoader, `/communication?edit=${bad}`, { cookie })).status, bad).toBe(404);
  });

  it("saves, refuses unknown variables on the field with the values kept, previews and resets", async () => {
    const { cookie, ctx } = await admin();
    const fields = {
      intent: "save",
      messageType: "2",
      smsText: "Hi {{first_name}}, we are coming",
      subjectText: "On our way {{",
      emailText: "Hello {{customer_first_name}}",
    };
    const refused = await submit(pageAction, "/communication?edit=2", cookie, fields);
    expectRefusedForm(
      refused,
      {
        smsText: "Text Message uses an unknown variable {{first_name}}. Use one of the listed variables",
        subjectText:
          "Email Subject has a malformed variable: write each variable as {{variable_name}}, e.g. {{customer_first_name}}",
      },
      { smsText: fields.smsText, subjectText: fields.subjectText, emailText: fields.emailText },
    );

    const preview = await submit(pageAction, "/communication?edit=2", cookie, { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    expect(preview.body.preview.smsText).toBe(fields.smsText);
    expect(await listMessageTemplates(ctx).then((l) => l[1].messageId)).toBeNull();

    const saved = await submit(pageAction, "/communication?edit=2", cookie, {
      ...fields,
      smsText: "{{technician_full_name}} is on the way to {{service_address}}",
      subjectText: "We're coming",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/communication");
    expect(await toastOf(saved.headers)).toEqual({ type: "success", message: "Message was saved successfully!" });
    const [, onMyWay] = await listMessageTemplates(ctx);
    expect(onMyWay).toMatchObject({
      smsText: "{{technician_full_name}} is on the way to {{service_address}}",
      subjectText: "We're coming",
      isSmsCustom: true,
      isEmailCustom: true,
    });

    const reset = await submit(pageAction, "/communication?edit=2", cookie, { intent: "reset", messageType: "2" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/communication");
    expect((await listMessageTemplates(ctx))[1]).toMatchObject({
      messageId: null,
      smsText: DEFAULT_MESSAGES[2].smsText,
    });
    expect((await submit(pageAction, "/communication", cookie, { intent: "reset", messageType: "1" })).status).toBe(
      400,
    );
    expect((await submit(pageAction, "/communication", cookie, { intent: "nope" })).status).toBe(400);
  });

  it("a text equal to the default stays Default", async () => {
    const { ctx } = await admin();
    await saveMessageTemplate(ctx, { messageType: 0, ...DEFAULT_MESSAGES[0] });
    expect((await listMessageTemplates(ctx))[0]).toMatchObject({ isSmsCustom: false, isEmailCustom: false });
  });

  it("is for company admins with the customized messages feature", async () => {
    const { cookie, companyId } = await admin();
    for (const staff of await staffCookies(companyId)) {
      expect((await callRoute(pageLoader, "/communication", { cookie: staff })).status).toBe(403);
      expect((await submit(pageAction, "/communication", staff, { intent: "reset", messageType: "0" })).status).toBe(
        403,
      );
      expect((await callRoute(listLoader, "/api/company-settings/custom-messages", { cookie: staff })).status).toBe(
        403,
      );
    }
    expect((await callRoute(pageLoader, "/communication", { cookie })).status).toBe(200);
  });
});

describe("the API", () => {
  it("answers the defaults, 404 for an unknown type", async () => {
    const { cookie } = await admin();
    const reminder = await callRoute(
      defaultLoader,
      "/api/company-settings/default-message/1",
      { cookie },
      { messageType: "1" },
    );
    expect(reminder.body).toEqual({ data: { messageType: 1, ...DEFAULT_MESSAGES[1] } });
    for (const bad of ["6", "abc", "1.5"])
      expect(
        (
          await callRoute(
            defaultLoader,
            `/api/company-settings/default-message/${bad}`,
            { cookie },
            { messageType: bad },
          )
        ).status,
      ).toBe(404);
  });

  it("saves the text and the email separately, by messageId or by type", async () => {
    const { cookie } = await admin();
    const sms = await callRoute(
      smsAction,
      "/api/company-settings/custom-message/sms",
      patch("", cookie, { smsText: "Invoice ready: {{direct_payment_link}}", customizableMessageType: 3 }),
    );
    expect(sms.status).toBe(200);
    expect(sms.body.data).toMatchObject({
      isSmsCustom: true,
      isEmailCustom: false,
      subjectText: DEFAULT_MESSAGES[3].subjectText,
    });
    const messageId = sms.body.data.messageId;
    expect(messageId).toEqual(expect.any(Number));

    const email = await callRoute(
      emailAction,
      "/api/company-settings/custom-message/email",
      patch("", cookie, {
        messageId,
        subjectText: "Invoice",
        emailText: "Hi {{customer_full_name}}",
        customizableMessageType: 3,
      }),
    );
    expect(email.status).toBe(200);
    expect(email.body.data).toMatchObject({
      messageId,
      smsText: "Invoice ready: {{direct_payment_link}}",
      subjectText: "Invoice",
    });

    const list = await callRoute(listLoader, "/api/company-settings/custom-messages", { cookie });
    expect(
      list.body.data.find((t: { customizableMessageType: number }) => t.customizableMessageType === 3),
    ).toMatchObject({
      messageId,
      isSmsCustom: true,
      isEmailCustom: true,
    });

    const wrongType = await callRoute(
      smsAction,
      "/api/company-settings/custom-message/sms",
      patch("", cookie, { messageId, smsText: "Hello there", customizableMessageType: 4 }),
    );
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.errors)).toEqual(["customizableMessageType"]);
  });

  it("answers field errors as 400 {errors}, refuses the reminder type, and 404s another company's messageId", async () => {
    const mine = await admin();
    const other = await admin();
    const theirs = await saveMessageTemplate(other.ctx, { messageType: 0, smsText: "Their own words" });
    const bad = await callRoute(
      smsAction,
      "/api/company-settings/custom-message/sms",
      patch("", mine.cookie, { smsText: "Hi {{nope}}", customizableMessageType: 1 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      smsText: "Text Message uses an unknown variable {{nope}}. Use one of the listed variables",
      customizableMessageType:
        "Message type must be one of 0, 2, 3, 4, 5 (the appointment reminder, 1, is not customizable)",
    });
    for (const messageId of [theirs!.messageId, 2_000_000_000]) {
      const foreign = await callRoute(
        smsAction,
        "/api/company-settings/custom-message/sms",
        patch("", mine.cookie, { messageId, smsText: "Hijack", customizableMessageType: 0 }),
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ exceptionType: "not_found" });
    }
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, theirs!.messageId!));
    expect(row.smsText).toBe("Their own words");
    expect((await listMessageTemplates(mine.ctx))[0].messageId).toBeNull();
  });
});

describe("sending: values and rendering", () => {
  async function jobFixture() {
    const { companyId, ctx } = await admin();
    await db
      .update(companies)
      .set({
        timezone: "America/Los_Angeles",
        businessPhoneNumber: "+14155550134",
        businessName: "Bay <Plumbing> & Co",
      })
      .where(eq(companies.id, companyId));
    const [customer] = await db
      .insert(customers)
      .values({ companyId, firstName: "Grace", lastName: "Hopper", searchText: "grace hopper" })
      .returning({ id: customers.id });
    const [job] = await db
      .insert(jobs)
      .values({
        companyId,
        customerId: customer.id,
        name: "Water heater repair",
        location: "1 Main St, Springfield",
        unitNumber: "4B",
        startTime: new Date("2026-06-03T16:00:00Z"),
        endTime: new Date("2026-06-03T17:00:00Z"),
        arrivalWindowOffset: 120,
        timezone: "America/Los_Angeles",
        publicToken: `token-${companyId}`,
        status: 1,
      })
      .returning({ id: jobs.id });
    const tech = await createTestUser(companyId, Role.FieldTech, { firstName: "Marcus", lastName: "Lee" });
    await db.insert(jobEmployees).values({ jobId: job.id, userId: tech.userId, companyId });
    return { companyId, ctx, jobId: job.id };
  }

  it("reads a job's values in the company's time zone, and nothing for another company's job", async () => {
    const { companyId, jobId } = await jobFixture();
    const values = await messageValuesForJob(companyId, jobId);
    expect(values).toEqual({
      customer_full_name: "Grace Hopper",
      customer_first_name: "Grace",
      company_name: "Bay <Plumbing> & Co",
      business_phone: "(415) 555-0134",
      service_address: "1 Main St, Springfield, Unit 4B",
      job_title: "Water heater repair",
      technician_full_name: "Marcus Lee",
      direct_portal_link: expect.stringMatching(
        new RegExp(`^https?://[^/]+/service-visit-details/token-${companyId}$`),
      ),
      scheduled_date_time: "Jun 3rd, 2026 09:00 am - 11:00 am",
      service_date: "Jun 3rd, 2026",
    });
    const other = await admin();
    expect(await messageValuesForJob(other.companyId, jobId)).toBeNull();
  });

  it("renders the company's wording, escapes the HTML email, and never leaves {{...}}", async () => {
    const { companyId, ctx, jobId } = await jobFixture();
    const values = (await messageValuesForJob(companyId, jobId))!;
    const invoice = await renderCompanyMessage(companyId, MessageType.SendInvoice, values);
    // No payment link yet: its line is dropped, the rest stays.
    expect(invoice.smsText).toBe("Hi Grace, your invoice from Bay <Plumbing> & Co for Water heater repair is ready.");
    expect(invoice.subject).toBe("Your invoice from Bay <Plumbing> & Co");
    expect(invoice.emailText).not.toMatch(/Pay online|\{\{|\}\}/);
    expect(invoice.emailHtml).toContain("Bay &lt;Plumbing&gt; &amp; Co");
    expect(invoice.emailHtml).not.toContain("<Plumbing>");

    await saveMessageTemplate(ctx, {
      messageType: MessageType.OnMyWay,
      smsText: "{{technician_full_name}} is on the way!",
    });
    expect((await renderCompanyMessage(companyId, MessageType.OnMyWay, values)).smsText).toBe(
      "Marcus Lee is on the way!",
    );
    expect((await renderCompanyMessage(companyId, MessageType.OnMyWay, {})).smsText).toBe(
      "Our technician is on the way!",
    );

    const reminder = await renderCompanyMessage(companyId, MessageType.AppointmentReminder, values);
    expect(reminder.smsText).toBe(
      "Reminder from Bay <Plumbing> & Co: your visit is on Jun 3rd, 2026 09:00 am - 11:00 am at 1 Main St, Springfield, Unit 4B. Call (415) 555-0134 to reschedule.",
    );
    for (const type of [0, 1, 2, 3, 4, 5]) {
      const rendered = await renderCompanyMessage(companyId, type, {});
      for (const part of Object.values(rendered)) expect(part).not.toMatch(/\{\{|\}\}/);
    }
    await expect(renderCompanyMessage(companyId, 9, {})).rejects.toThrow("Unknown message type 9");
  });
});
