import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companySettings, customers, estimateLineItems, estimates, outboxMessages } from "~/db/schema";
import { estimateCreateSchema, EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate, getEstimate, updateEstimateStatus } from "~/models/estimates/estimates.server";
import { estimateSendSchema, resendEstimate, sendEstimate } from "~/models/estimates/estimate-send.server";
import { RuleError } from "~/models/rules";
import { action as sendAction } from "~/routes/api+/estimates+/$id_.send";
import { action as resendAction } from "~/routes/api+/estimates+/$id_.resend";
import { loader as pdfLoader } from "~/routes/api+/estimates+/$id_.pdf";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run, type JobsFixture } from "../jobs/fixtures";
import { poppler } from "../../helpers/pdf";

useTestDatabase();

const withContact = (f: JobsFixture, email: string | null = "grace@example.com", phone: string | null = null) =>
  db.update(customers).set({ email, mainPhoneNumber: phone }).where(eq(customers.id, f.customerId));

const twoOptions = {
  name: "Roof repair",
  taxRate: "8.25",
  discount: "10",
  message: "Valid for 30 days.",
  options: [
    {
      name: "Good",
      lineItems: [
        { name: "Shingles", unitPrice: "33.33", quantity: "3", isTaxable: true, description: "Three bundles" },
        { name: "Labor", unitPrice: "19.99", quantity: "1.5" },
        { name: "Gutter guard", unitPrice: "50", isOptional: "on", isRecommended: "on", isTaxable: true },
      ],
    },
    { name: "Better", lineItems: [{ name: "Metal roof", unitPrice: "100", isTaxable: true }] },
  ],
};
const newEstimate = (f: JobsFixture, fields: Record<string, unknown> = {}) =>
  createEstimate(f.admin, estimateCreateSchema.parse({ customerId: f.customerId, ...fields }));
const sendInput = (fields: Record<string, unknown>) => estimateSendSchema.parse(fields);
const outbox = (companyId: number) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.companyId, companyId)).orderBy(outboxMessages.id);

describe("send an estimate", () => {
  it("emails the approval link once per request token, marks it sent with a Sent event", async () => {
    const f = await jobsFixture();
    await withContact(f);
    const { id, publicToken } = await newEstimate(f, twoOptions);
    const input = sendInput({ notificationType: "2", requestToken: "send-token-0001" });
    const first = await sendEstimate(f.admin, id, input);
    expect(first).toMatchObject({ id, status: EstimateStatus.Sent });
    expect(first!.link).toMatch(new RegExp(`^https?://[^/]+/estimate-details/${publicToken}$`));
    await sendEstimate(f.admin, id, input);
    const sent = await outbox(f.companyId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "email", to: "grace@example.com", messageType: 4 });
    expect(sent[0].subject).toMatch(/^Your estimate from /);
    expect(sent[0].body).toContain(`/estimate-details/${publicToken}`);
    expect(sent[0].body).toContain("Your estimate for Roof repair at 1 Main St, Springfield");
    const estimate = (await getEstimate(f.admin, id))!;
    expect(estimate.status).toBe(EstimateStatus.Sent);
    expect(estimate.sentAt).not.toBeNull();
    expect(estimate.sentChannel).toBe(2);
    expect(estimate.timeline.filter((e) => e.type === EstimateEvent.Sent)).toHaveLength(2);
  });

  it("sends to the typed email and phone instead of the customer's, by text and email", async () => {
    const f = await jobsFixture();
    await withContact(f, "grace@example.com", "+12025550100");
    const { id, publicToken } = await newEstimate(f);
    await sendEstimate(
      f.admin,
      id,
      sendInput({
        notificationType: "3",
        notificationEmail: "Office@Example.com",
        notificationPhone: "(202) 555-0199",
      }),
    );
    const sent = await outbox(f.companyId);
    expect(sent.map((m) => [m.channel, m.to]).sort()).toEqual([
      ["email", "office@example.com"],
      ["sms", "+12025550199"],
    ]);
    expect(sent.find((m) => m.channel === "sms")!.body).toContain(`/estimate-details/${publicToken}`);
    expect((await getEstimate(f.admin, id))!.sentChannel).toBe(3);
  });

  it("refuses without a reachable channel (field error), cancelled and copied estimates, another company", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    await withContact(f, null, null);
    const { id } = await newEstimate(f);
    const byEmail = sendEstimate(f.admin, id, sendInput({ notificationType: "2" }));
    await expect(byEmail).rejects.toBeInstanceOf(RuleError);
    await expect(byEmail).rejects.toMatchObject({
      fieldErrors: { notificationEmail: "The customer has no email address" },
    });
    await expect(sendEstimate(f.admin, id, sendInput({ notificationType: "1" }))).rejects.toMatchObject({
      fieldErrors: { notificationPhone: "The customer has no phone number" },
    });
    expect((await getEstimate(f.admin, id))!.status).toBe(EstimateStatus.Unscheduled);
    expect(await outbox(f.companyId)).toHaveLength(0);

    await withContact(f);
    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Cancelled } as never);
    await expect(sendEstimate(f.admin, id, sendInput({ notificationType: "2" }))).rejects.toMatchObject({
      fieldErrors: { _global: "A cancelled estimate is not sent: reopen it first" },
    });
    const copied = await newEstimate(f);
    await db.update(estimates).set({ status: EstimateStatus.CopiedToJob }).where(eq(estimates.id, copied.id));
    await expect(resendEstimate(f.admin, copied.id, { requestToken: "resend-token-01" })).rejects.toMatchObject({
      fieldErrors: { _global: "This estimate was copied to a job: it is not sent any more" },
    });
    expect(await sendEstimate(other.admin, copied.id, sendInput({ notificationType: "2" }))).toBeNull();
    expect(await outbox(f.companyId)).toHaveLength(0);
  });

  it("resends by email to the given address; the status does not change", async () => {
    const f = await jobsFixture();
    await withContact(f);
    const { id } = await newEstimate(f);
    await sendEstimate(f.admin, id, sendInput({ notificationType: "2" }));
    await updateEstimateStatus(f.admin, { estimateId: id, status: EstimateStatus.Approved } as never);
    const again = await resendEstimate(f.admin, id, {
      notificationEmail: "boss@example.com",
      requestToken: "resend-0001",
    });
    expect(again).toMatchObject({ id, status: EstimateStatus.Approved });
    const sent = await outbox(f.companyId);
    expect(sent.map((m) => m.to)).toEqual(["grace@example.com", "boss@example.com"]);
    expect((await getEstimate(f.admin, id))!.status).toBe(EstimateStatus.Approved);
  });
});

describe("POST /api/estimates/{id}/send and resend", () => {
  it("sends with the spec's fields, answers 400 for a bad email, 404 for another company's estimate", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    await withContact(f);
    const { id } = await newEstimate(f);
    const cookie = await sessionCookie(f.adminId);
    const post = (action: typeof sendAction, p: string, json: unknown, c = cookie) =>
      run(action, p, { method: "POST", cookie: c, json }, { id: String(id) });
    const ok = await post(sendAction, `/api/estimates/${id}/send`, { notificationType: 2 });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ id, status: EstimateStatus.Sent });
    const bad = await post(sendAction, `/api/estimates/${id}/send`, {
      notificationType: 2,
      notificationEmail: "a@example.com\r\nBcc: evil@example.com",
    });
    expect(bad.status).toBe(400);
    const resent = await post(resendAction, `/api/estimates/${id}/resend`, { notificationEmail: "x@example.com" });
    expect(resent.status).toBe(200);
    const foreign = await post(
      sendAction,
      `/api/estimates/${id}/send`,
      { notificationType: 2 },
      await sessionCookie(other.adminId),
    );
    expect(foreign.status).toBe(404);
    expect((await outbox(f.companyId)).map((m) => m.to)).toEqual(["grace@example.com", "x@example.com"]);
  });
});

describe("GET /api/estimates/{id}/pdf", () => {
  it("draws every option with its lines and the screen's totals, the messages; 404 for another company", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    await db
      .insert(companySettings)
      .values({ companyId: f.companyId, messageOnEstimate: "We stand by our work." })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { messageOnEstimate: "We stand by our work." } });
    const { id, number } = await newEstimate(f, twoOptions);
    // The customer approved the optional line: the PDF marks it.
    await db
      .update(estimateLineItems)
      .set({ isApproved: true })
      .where(and(eq(estimateLineItems.estimateId, id), eq(estimateLineItems.name, "Gutter guard")));
    const estimate = (await getEstimate(f.admin, id))!;
    const cookie = await sessionCookie(f.adminId);
    const res = await run(pdfLoader, `/api/estimates/${id}/pdf`, { cookie }, { id: String(id) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="estimate-${number}.pdf"`);
    const text = poppler(Buffer.from(await res.arrayBuffer()), "pdftotext", ["-layout"]);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    for (const o of estimate.options) {
      expect(text).toContain(o.name);
      for (const cents of [o.subtotalCents, o.taxCents, o.totalCents]) expect(text).toContain(money(cents));
    }
    for (const shown of [
      `Estimate #${number}`,
      "Grace Hopper",
      "1 Main St, Springfield",
      "Status: Unscheduled",
      "Three bundles",
      "Gutter guard (optional, recommended, approved)",
      "Tax (8.25%)",
      "-$10.00",
      "Valid for 30 days.",
      "We stand by our work.",
    ])
      expect(text).toContain(shown);

    const foreign = await run(
      pdfLoader,
      `/api/estimates/${id}/pdf`,
      { cookie: await sessionCookie(other.adminId) },
      { id: String(id) },
    );
    expect(foreign.status).toBe(404);
  });
});
