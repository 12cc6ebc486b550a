import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { invoices, paymentAccounts, savedCards, stripeEvents } from "~/db/schema";
import {
  addCardLink,
  cardLinkValid,
  cardPaymentBlocker,
  checkoutUrlFor,
  PaymentsError,
  refreshPaymentAccount,
  startInvoiceCheckout,
  startOnboarding,
} from "~/models/payments/card-payments.server";
import { findInvoiceByToken } from "~/models/payments/invoice-bridge.server";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/_public+/invoice-details.$token";
import { loader as redirectLoader } from "~/routes/_public+/redirect-to-stripe.$sessionId.$connectedAccountId";
import { loader as succeededLoader } from "~/routes/_public+/paymentSucceeded.$invoiceNumber";
import { loader as addCardLoader } from "~/routes/_public+/add-card-mobile.$customerId.$connectedAccountId";
import { action as webhookAction } from "~/routes/api+/webhooks+/stripe";
import { action as payOnlineAction } from "~/routes/api+/jobs+/$id_.pay-online";
import { readVerifiedStripeEvent } from "~/routes/api+/webhooks+/__stripe-request.server";
import { stripeSettings } from "~/services/payments.server";
import { PAYMENTS_NOT_SET_UP } from "~/services/payments-notice";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { callRequest, callRoute } from "../route-call";
import {
  approvedAccount,
  createInvoice,
  eventRow,
  form,
  invoiceJob,
  invoiceRow,
  paymentsOf,
  stripeForThisFile,
  webhookRequest,
} from "./fixtures";

const stripe = await stripeForThisFile();
useTestDatabase();

const pay = (token: string) =>
  callRoute(invoiceAction, `/invoice-details/${token}`, form({ intent: "payByCard" }), { token });
const deliver = (event: object, options?: Parameters<typeof webhookRequest>[1]) =>
  callRequest(webhookAction, webhookRequest(event, options));
const handOff = (location: string) => {
  const [, , sessionId, accountId] = location.split("/");
  return { sessionId, accountId };
};

/** An invoice of a company with an approved account, and the session its "Pay by card" made. */
async function checkedOut(totalCents = 15_000) {
  const { companyId } = await createTestCompany();
  const account = await approvedAccount(stripe, companyId);
  const invoice = await createInvoice(companyId, { totalCents });
  const res = await pay(invoice.token);
  expect(res.status).toBe(303);
  const { sessionId } = handOff(res.headers.get("Location")!);
  return { companyId, account, invoice, sessionId };
}

describe("connecting the company's Stripe account", () => {
  it("makes one Express account and an onboarding link that comes back to /finish-stripe-onboarding", async () => {
    const { companyId } = await createTestCompany();
    const url = await startOnboarding(companyId);
    const again = await startOnboarding(companyId);
    const creates = stripe.requests.filter(
      (r) => r.path === "/v1/accounts" && r.form.metadata?.companyId === String(companyId),
    );
    expect(creates).toHaveLength(1);
    expect(creates[0].idempotencyKey).toBe(`fieldwise-connect-company-${companyId}`);
    expect(creates[0].form.type).toBe("express");
    const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, companyId));
    expect(row.chargesEnabled).toBe(false);
    expect(url).toContain(`/connect/onboarding/${row.stripeAccountId}`);
    expect(decodeURIComponent(url)).toContain("/finish-stripe-onboarding");
    expect(decodeURIComponent(url)).toContain("refresh=http://localhost:3000/my-money?continue=onboarding");
    expect(again).toContain(row.stripeAccountId);

    // Stripe approves: the account.updated webhook (and a refresh) bring the state in
    stripe.updateAccount(row.stripeAccountId, { charges_enabled: true, details_submitted: true });
    const updated = stripe.event("account.updated", stripe.accounts.get(row.stripeAccountId)!, row.stripeAccountId);
    expect((await deliver(updated)).body).toEqual({ received: true, outcome: "applied" });
    const [after] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, companyId));
    expect([after.chargesEnabled, after.payoutsEnabled, after.detailsSubmitted]).toEqual([true, false, true]);
    stripe.updateAccount(row.stripeAccountId, { payouts_enabled: true });
    expect((await refreshPaymentAccount(companyId))?.payoutsEnabled).toBe(true);
  });
});

describe("paying an invoice by card", () => {
  it("creates one Checkout Session on the connected account per invoice and balance, even on a double click", async () => {
    const { companyId } = await createTestCompany();
    const account = await approvedAccount(stripe, companyId);
    const invoice = await createInvoice(companyId, { totalCents: 15_000, paidCents: 5_000 });
    const [first, second] = await Promise.all([pay(invoice.token), pay(invoice.token)]);
    expect(first.status).toBe(303);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const { sessionId, accountId } = handOff(first.headers.get("Location")!);
    expect(accountId).toBe(account);
    const created = stripe.requests.filter(
      (r) =>
        r.path === "/v1/checkout/sessions" && r.method === "POST" && r.form.metadata?.invoiceId === String(invoice.id),
    );
    expect(created).toHaveLength(2);
    expect(new Set(created.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(created[0].account).toBe(account);
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      account,
      amount_total: 10_000,
      currency: "usd",
      client_reference_id: `invoice-${invoice.id}`,
      metadata: { companyId: String(companyId), invoiceId: String(invoice.id), token: invoice.token },
      success_url: `http://localhost:3000/paymentSucceeded/${invoice.number}?token=${invoice.token}`,
      cancel_url: `http://localhost:3000/paymentFailed/${invoice.number}?token=${invoice.token}`,
    });

    // The hand-off page moves the browser on to Stripe's page of that session
    const redirect = await callRoute(
      redirectLoader,
      `/redirect-to-stripe/${sessionId}/${account}`,
      {},
      { sessionId, connectedAccountId: account },
    );
    expect(redirect.status).toBe(200);
    expect(redirect.body).toEqual({ url: `${stripe.url}/c/pay/${sessionId}` });
  });

  it("shows the invoice with its balance and a plain notice when the company has no approved account", async () => {
    const { companyId } = await createTestCompany();
    const invoice = await createInvoice(companyId);
    const page = await callRoute(invoiceLoader, `/invoice-details/${invoice.token}`, {}, { token: invoice.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number: invoice.number,
      balance: "$150.00",
      cardBlocker: "This business does not take card payments online yet.",
    });
    const res = await pay(invoice.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("This business does not take card payments online yet.");
  });

  it("records a payment once when the webhook comes after the customer is back (redirect first)", async () => {
    const { invoice, sessionId } = await checkedOut();
    const back = () =>
      callRoute(
        succeededLoader,
        `/paymentSucceeded/${invoice.number}?token=${invoice.token}`,
        {},
        { invoiceNumber: String(invoice.number) },
      );
    expect((await back()).body.confirmed).toBe(false);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);

    const session = stripe.completeSession(sessionId);
    const completed = stripe.event("checkout.session.completed", session, stripe.sessions.get(sessionId)!.account);
    expect((await deliver(completed)).body.outcome).toBe("applied");
    expect((await back()).body.confirmed).toBe(true);
    // a replay of the same event, then the payment intent's own event: still one payment
    expect((await deliver(completed)).body.outcome).toBe("duplicate");
    const intent = stripe.paymentIntents.get(session.payment_intent)!;
    const succeeded = stripe.event(
      "payment_intent.succeeded",
      { ...intent, amount_received: intent.amount },
      intent.account,
    );
    expect((await deliver(succeeded)).status).toBe(200);
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 2,
      amountCents: 15_000,
      stripePaymentIntentId: intent.id,
      stripeCheckoutSessionId: sessionId,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 15_000, status: 2 });
    expect(await eventRow(completed.id)).toBeTruthy();
  });

  it("records a payment once when the webhook comes first and the same events arrive twice at once", async () => {
    const { invoice, sessionId } = await checkedOut(8_000);
    const session = stripe.completeSession(sessionId);
    const account = stripe.sessions.get(sessionId)!.account;
    const intent = stripe.paymentIntents.get(session.payment_intent)!;
    const completed = stripe.event("checkout.session.completed", session, account);
    const succeeded = stripe.event("payment_intent.succeeded", { ...intent, amount_received: intent.amount }, account);
    const answers = await Promise.all([deliver(completed), deliver(completed), deliver(succeeded), deliver(succeeded)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 8_000, status: 2 });
    const back = await callRoute(
      succeededLoader,
      `/paymentSucceeded/${invoice.number}?token=${invoice.token}`,
      {},
      { invoiceNumber: String(invoice.number) },
    );
    expect(back.body).toMatchObject({ confirmed: true, balanceCents: 0 });
    // paid in full: the page has no card button any more, and a post makes no session
    expect((await pay(invoice.token)).body.error).toBe("This invoice is paid in full.");
  });

  it("stores nothing for a bad signature, a tampered body or a stale timestamp", async () => {
    const { invoice, sessionId } = await checkedOut();
    const session = stripe.completeSession(sessionId);
    const completed = stripe.event("checkout.session.completed", session, stripe.sessions.get(sessionId)!.account);
    const tampered = JSON.stringify({ ...completed, data: { object: { ...session, amount_total: 1 } } });
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},v1=${"0".repeat(64)}`;
    for (const res of [
      await deliver(completed, { signature: null }),
      await deliver(completed, { signature: "t=1,v1=deadbeef" }),
      await deliver(completed, { body: tampered }),
      await deliver(completed, { signature: stale }),
    ])
      expect(res.status).toBe(400);
    expect(await eventRow(completed.id)).toBeUndefined();
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it("marks a payment the invoice cannot take (paid meanwhile) without retrying it forever", async () => {
    const { invoice, sessionId } = await checkedOut(6_000);
    await db.update(invoices).set({ paidCents: 6_000, status: 2 }).where(eq(invoices.id, invoice.id));
    const session = stripe.completeSession(sessionId);
    const completed = stripe.event("checkout.session.completed", session, stripe.sessions.get(sessionId)!.account);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await deliver(completed)).body.outcome).toBe("refused");
    expect(warn.mock.calls[0][0]).toContain(`not recorded on invoice ${invoice.id}`);
    warn.mockRestore();
    expect(await eventRow(completed.id)).toMatchObject({ accountId: stripe.sessions.get(sessionId)!.account });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it("ignores a paid session whose account is not the invoice's company's", async () => {
    const { invoice, sessionId } = await checkedOut();
    const other = await createTestCompany();
    const otherAccount = await approvedAccount(stripe, other.companyId);
    const session = stripe.completeSession(sessionId);
    const forged = stripe.event("checkout.session.completed", session, otherAccount);
    expect((await deliver(forged)).body.outcome).toBe("ignored");
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    // nor does the hand-off send anyone to it through the other account
    expect(await checkoutUrlFor(sessionId, otherAccount)).toBeNull();
  });
});

describe("saving a card", () => {
  it("needs a signed link; the setup_intent.succeeded webhook stores the card once", async () => {
    const { companyId } = await createTestCompany();
    const account = await approvedAccount(stripe, companyId);
    const { customerId } = await createInvoice(companyId);
    const link = new URL(await addCardLink({ companyId }, customerId));
    expect(link.pathname).toBe(`/add-card-mobile/${customerId}/${account}`);
    const token = link.searchParams.get("token")!;
    expect(cardLinkValid(String(customerId), account, token)).toBe(true);
    expect(cardLinkValid(String(customerId + 1), account, token)).toBe(false);
    expect(cardLinkValid(String(customerId), account, token, Date.now() + 73 * 3600_000)).toBe(false);

    const params = { customerId: String(customerId), connectedAccountId: account };
    const refused = await callRoute(addCardLoader, `/add-card-mobile/${customerId}/${account}`, {}, params);
    expect(refused.headers.get("Location")).toBe("/paymentMessage/card-link-invalid");
    const res = await callRoute(addCardLoader, `${link.pathname}${link.search}`, {}, params);
    expect(res.status).toBe(303);
    const sessionId = res.headers.get("Location")!.split("/").pop()!;
    expect(stripe.sessions.get(sessionId)).toMatchObject({ mode: "setup", account });

    const intent = stripe.completeSetupSession(sessionId);
    const event = stripe.event("setup_intent.succeeded", intent, account);
    await Promise.all([deliver(event), deliver(event)]);
    const cards = await db.select().from(savedCards).where(eq(savedCards.customerId, customerId));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      companyId,
      brand: "visa",
      last4: "4242",
      stripePaymentMethodId: intent.payment_method,
    });
  });

  it("charges a job's invoice to the saved card once (POST /api/jobs/{id}/pay-online), and the webhook adds nothing", async () => {
    const { companyId, userId } = await createTestCompany();
    const account = await approvedAccount(stripe, companyId);
    const invoice = await createInvoice(companyId, { totalCents: 9_000 });
    const jobId = await invoiceJob(companyId, invoice);
    const cookie = await sessionCookie(userId);
    const payOnline = (json: object, id = jobId) =>
      callRoute(payOnlineAction, `/api/jobs/${id}/pay-online`, { method: "POST", cookie, json }, { id: String(id) });

    expect((await payOnline({ useSavedCard: true })).body).toEqual({ message: "The customer has no saved card." });
    // a card saved through the signed link
    const link = new URL(await addCardLink({ companyId }, invoice.customerId));
    const res = await callRoute(
      addCardLoader,
      `${link.pathname}${link.search}`,
      {},
      {
        customerId: String(invoice.customerId),
        connectedAccountId: account,
      },
    );
    const setup = stripe.completeSetupSession(res.headers.get("Location")!.split("/").pop()!);
    await deliver(stripe.event("setup_intent.succeeded", setup, account));

    const [first, second] = await Promise.all([
      payOnline({ note: "On site", useSavedCard: true }),
      payOnline({ useSavedCard: "true" }),
    ]);
    expect(first.status).toBe(200);
    // the second call either met the same charge (same idempotency key) or the invoice already paid
    if (second.status === 200) expect(second.body.data.paymentIntentId).toBe(first.body.data.paymentIntentId);
    else expect(second.body).toEqual({ message: "The invoice is already paid." });
    const charged = [...stripe.paymentIntents.values()].filter((pi) => pi.metadata.invoiceId === String(invoice.id));
    expect(charged).toHaveLength(1);
    expect(first.body.data).toMatchObject({ status: "succeeded" });
    const intent = stripe.paymentIntents.get(first.body.data.paymentIntentId)!;
    expect(intent).toMatchObject({ account, amount: 9_000, payment_method: setup.payment_method });
    const event = stripe.event("payment_intent.succeeded", { ...intent, amount_received: intent.amount }, account);
    await deliver(event);
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 9_000, method: 2, stripePaymentIntentId: intent.id });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 9_000, status: 2 });
    expect((await payOnline({})).body).toEqual({ message: "The invoice is already paid." });
    expect((await payOnline({ useSavedCard: false })).status).toBe(400);
    expect((await payOnline({}, jobId + 100_000)).status).toBe(404);
  });
});

describe("without Stripe configuration", () => {
  it("turns card payments off with a plain notice and refuses webhooks without storing anything", async () => {
    expect(stripeSettings({})).toBeNull();
    expect(stripeSettings({ STRIPE_SECRET_KEY: "sk_test_x" })).toBeNull();
    const { companyId } = await createTestCompany();
    const invoice = await createInvoice(companyId);
    const found = (await findInvoiceByToken(invoice.token))!;
    expect(await cardPaymentBlocker(found, null)).toBe(PAYMENTS_NOT_SET_UP);
    await expect(startInvoiceCheckout(invoice.token, null)).rejects.toThrow(new PaymentsError(PAYMENTS_NOT_SET_UP));
    await expect(startOnboarding(companyId, null)).rejects.toThrow(PAYMENTS_NOT_SET_UP);
    const event = stripe.event("account.updated", { id: "acct_x" });
    const refused = await readVerifiedStripeEvent(webhookRequest(event), null).catch((r: Response) => r);
    expect((refused as Response).status).toBe(503);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });
});
