import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobTimelineEvents, outboxMessages, savedCards, scheduledMessages } from "~/db/schema";
import { TimelineEvent } from "~/models/jobs/jobs.schema";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { PAYMENT_RECEIPT_KIND, sendPaymentReceipt } from "~/models/payments/payment-receipt.server";
import { action as payOnlineAction } from "~/routes/api+/jobs+/$id_.pay-online";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { freePort } from "../../helpers/free-port";
import { startSmtpCapture } from "../../helpers/smtp-capture";
import { callRoute } from "../route-call";
import {
  approvedAccount,
  createInvoice,
  invoiceJob,
  paymentsOf,
  saveCardThroughLink,
  stripeForThisFile,
} from "./fixtures";

const stripe = await stripeForThisFile();
useTestDatabase();

/** A job with an open invoice ($90 unless given) whose customer saved a card through the signed link. */
async function jobWithSavedCard(totalCents = 9_000) {
  const { companyId, userId } = await createTestCompany();
  const account = await approvedAccount(stripe, companyId);
  const invoice = await createInvoice(companyId, { totalCents });
  const jobId = await invoiceJob(companyId, invoice);
  await saveCardThroughLink(stripe, companyId, account, invoice.customerId);
  expect(await db.select().from(savedCards).where(eq(savedCards.customerId, invoice.customerId))).toHaveLength(1);
  const cookie = await sessionCookie(userId);
  const payOnline = (json: object) =>
    callRoute(
      payOnlineAction,
      `/api/jobs/${jobId}/pay-online`,
      { method: "POST", cookie, json },
      { id: String(jobId) },
    );
  return { companyId, invoice, jobId, payOnline };
}

const receiptsOf = (companyId: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.companyId, companyId), like(outboxMessages.dedupeKey, "receipt:%")));

const signedEvents = (jobId: number) =>
  db
    .select()
    .from(jobTimelineEvents)
    .where(and(eq(jobTimelineEvents.jobId, jobId), eq(jobTimelineEvents.type, TimelineEvent.Signed)));

const pngDataUrl = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer()
  ).toString("base64")}`;

describe("POST /api/jobs/{id}/pay-online: signature, notify and email", () => {
  it("records the signature on the job and emails one receipt to the typed address", async () => {
    const { companyId, invoice, jobId, payOnline } = await jobWithSavedCard();
    const [first, second] = await Promise.all([
      payOnline({ notify: true, email: "receipts@example.com", signature: await pngDataUrl() }),
      payOnline({ notify: "true", email: "receipts@example.com" }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: "succeeded", receipt: { delivered: true, reason: "" } });
    expect(first.body.data.signedAt).toEqual(expect.any(String));
    const intentId = first.body.data.paymentIntentId as string;
    if (second.status === 200) expect(second.body.data.paymentIntentId).toBe(intentId);
    else expect(second.body).toEqual({ message: "The invoice is already paid." });

    const receipts = await receiptsOf(companyId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      channel: "email",
      to: "receipts@example.com",
      subject: `Payment received for invoice #${invoice.number}`,
      dedupeKey: `receipt:stripe:${intentId}:email`,
      customerId: invoice.customerId,
      jobId,
    });
    expect(receipts[0].body).toContain(`We received your card payment of $90.00 for invoice #${invoice.number}.`);
    expect(receipts[0].body).toContain("The invoice is paid in full.");
    expect(receipts[0].body).toContain(`/invoice-details/${invoice.token}`);

    const [signed] = await signedEvents(jobId);
    expect(signed.data).toMatchObject({ name: null, imageUrl: expect.stringMatching(/\.png$/) });

    // the same payment again (a retry, the webhook's path): no second receipt
    const again = await sendPaymentReceipt({ companyId, paymentIntentId: intentId });
    expect(again.delivered).toBe(true);
    expect(await receiptsOf(companyId)).toHaveLength(1);
    expect((await paymentsOf(invoice.id)).map((p) => p.amountCents)).toEqual([9_000]);
  });

  it("sends the receipt to the customer's own email without `email`, and none without notify", async () => {
    const quiet = await jobWithSavedCard();
    expect((await quiet.payOnline({ notify: false })).status).toBe(200);
    expect(await receiptsOf(quiet.companyId)).toHaveLength(0);
    expect(await signedEvents(quiet.jobId)).toHaveLength(0);

    const told = await jobWithSavedCard(12_345);
    const res = await told.payOnline({ notify: true, email: "" });
    expect(res.status).toBe(200);
    const [receipt] = await receiptsOf(told.companyId);
    expect(receipt.to).toMatch(/^pat\d+@example\.com$/);
    expect(receipt.body).toContain("card payment of $123.45");
  });

  it("refuses a bad email or an unreadable signature before anything is charged", async () => {
    const { invoice, jobId, payOnline } = await jobWithSavedCard();
    const badEmail = await payOnline({ notify: true, email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).toContain("Email must be valid");
    const badImage = await payOnline({ signature: "data:image/png;base64,bm90IGFuIGltYWdl" });
    expect(badImage.status).toBe(400);
    expect(JSON.stringify(badImage.body)).toContain("The signature is not a readable image");
    const charged = [...stripe.paymentIntents.values()].filter((pi) => pi.metadata.invoiceId === String(invoice.id));
    expect(charged).toHaveLength(0);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect(await signedEvents(jobId)).toHaveLength(0);
  });
});

describe("POST /api/jobs/{id}/pay-online: a failed charge, a receipt the mail server cannot take", () => {
  it("records no signature when the card is declined", async () => {
    const { invoice, jobId, payOnline } = await jobWithSavedCard();
    const [card] = await db.select().from(savedCards).where(eq(savedCards.customerId, invoice.customerId));
    stripe.paymentMethods.get(card.stripePaymentMethodId)!.decline = true;
    const declined = await payOnline({ signature: await pngDataUrl() });
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ message: "Your card was declined." });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect(await signedEvents(jobId)).toHaveLength(0);
  });

  it("keeps the receipt due while SMTP is down, and the dispatcher sends it once when it is back", async () => {
    const { companyId, invoice, jobId, payOnline } = await jobWithSavedCard();
    const paid = await payOnline({});
    expect(paid.status).toBe(200);
    const paymentIntentId = paid.body.data.paymentIntentId as string;
    const down = { smtpUrl: `smtp://127.0.0.1:${await freePort()}`, twilio: null };
    const receiptRow = async () =>
      (
        await db
          .select()
          .from(scheduledMessages)
          .where(eq(scheduledMessages.idempotencyKey, `receipt:stripe:${paymentIntentId}`))
      )[0];

    const first = await sendPaymentReceipt({ companyId, paymentIntentId }, down);
    expect(first).toEqual({
      delivered: false,
      reason: "The email service could not take the receipt now: it is sent later",
    });
    expect(await receiptRow()).toMatchObject({ kind: PAYMENT_RECEIPT_KIND, status: "pending", channel: 2 });

    // the dispatcher's run while SMTP is still down: tried again later
    expect(await dispatchDueMessages({ services: down })).toMatchObject({ retried: 1, sent: 0 });
    expect(await receiptRow()).toMatchObject({ status: "pending", attempts: 1 });

    const smtp = await startSmtpCapture();
    try {
      const up = { smtpUrl: smtp.url, twilio: null };
      const later = () => new Date(Date.now() + 60 * 60_000);
      expect(await dispatchDueMessages({ services: up, now: later })).toMatchObject({ sent: 1 });
      expect(await receiptRow()).toMatchObject({ status: "sent" });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].subject).toBe(`Payment received for invoice #${invoice.number}`);
      expect(smtp.received[0].text).toContain("We received your card payment of $90.00");

      // a retry of the call and another run: still one receipt
      expect(await sendPaymentReceipt({ companyId, paymentIntentId }, up)).toEqual({ delivered: true, reason: "" });
      await dispatchDueMessages({ services: up, now: later });
      expect(smtp.received).toHaveLength(1);
      const receipts = await receiptsOf(companyId);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ customerId: invoice.customerId, jobId });
    } finally {
      await smtp.close();
    }
  });
});
