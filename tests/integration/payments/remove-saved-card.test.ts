import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customerServicePlans, savedCards } from "~/db/schema";
import { CARD_NOT_DETACHED, removeSavedCard } from "~/models/payments/saved-cards.server";
import { ChargeMode, PlanStatus } from "~/models/service-plans/plan-terms";
import { action as customerAction } from "~/routes/_app+/customers+/$id";
import { action as payOnlineAction } from "~/routes/api+/jobs+/$id_.pay-online";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { callRoute } from "../route-call";
import { approvedAccount, createInvoice, form, invoiceJob, saveCardThroughLink, stripeForThisFile } from "./fixtures";

const stripe = await stripeForThisFile();
useTestDatabase();

/** A customer with an open invoice on a job and a card saved at the (local) Stripe through the signed link. */
async function customerWithStripeCard() {
  const { companyId, userId } = await createTestCompany();
  const account = await approvedAccount(stripe, companyId);
  const invoice = await createInvoice(companyId);
  const jobId = await invoiceJob(companyId, invoice);
  const paymentMethodId = await saveCardThroughLink(stripe, companyId, account, invoice.customerId);
  const cookie = await sessionCookie(userId);
  const customerId = invoice.customerId;
  const path = `/customers/${customerId}`;
  return {
    companyId,
    customerId,
    userId,
    account,
    invoice,
    paymentMethodId,
    remove: () =>
      callRoute(
        customerAction,
        path,
        { ...form({ intent: "savedCards", cardAction: "remove", paymentMethodId }), cookie },
        { id: String(customerId) },
      ),
    payOnline: () =>
      callRoute(
        payOnlineAction,
        `/api/jobs/${jobId}/pay-online`,
        { method: "POST", cookie, json: {} },
        { id: String(jobId) },
      ),
  };
}

const cardsOf = (customerId: number) => db.select().from(savedCards).where(eq(savedCards.customerId, customerId));
const detachCalls = (paymentMethodId: string) =>
  stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_methods/${paymentMethodId}/detach`);

describe("removing a saved card", () => {
  it("detaches the card at Stripe on the connected account, then forgets it: it can no longer be charged", async () => {
    const card = await customerWithStripeCard();
    expect(stripe.paymentMethods.get(card.paymentMethodId)?.customer).toEqual(expect.stringMatching(/^cus_/));

    const removed = await card.remove();
    expect(removed.status).toBe(302);
    expect(detachCalls(card.paymentMethodId)).toEqual([expect.objectContaining({ account: card.account })]);
    expect(stripe.paymentMethods.get(card.paymentMethodId)?.customer).toBeNull();
    expect(await cardsOf(card.customerId)).toHaveLength(0);

    const refused = await card.payOnline();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: "The customer has no saved card." });
  });

  it("keeps the card (ours and Stripe's) when Stripe cannot detach it, and says so", async () => {
    const card = await customerWithStripeCard();
    stripe.paymentMethods.get(card.paymentMethodId)!.failDetach = true;
    const refused = await card.remove();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ cardErrors: { _global: CARD_NOT_DETACHED } });
    expect(await cardsOf(card.customerId)).toHaveLength(1);
    expect(stripe.paymentMethods.get(card.paymentMethodId)?.customer).toEqual(expect.stringMatching(/^cus_/));

    // Stripe works again: the retry removes it
    stripe.paymentMethods.get(card.paymentMethodId)!.failDetach = false;
    expect((await card.remove()).status).toBe(302);
    expect(await cardsOf(card.customerId)).toHaveLength(0);
  });

  it("forgets a card Stripe no longer has or already detached", async () => {
    const gone = await customerWithStripeCard();
    stripe.paymentMethods.delete(gone.paymentMethodId);
    expect((await gone.remove()).status).toBe(302);
    expect(await cardsOf(gone.customerId)).toHaveLength(0);

    const detached = await customerWithStripeCard();
    stripe.paymentMethods.get(detached.paymentMethodId)!.customer = null;
    expect((await detached.remove()).status).toBe(302);
    expect(await cardsOf(detached.customerId)).toHaveLength(0);
  });

  it("takes the card off a service plan that pays with it, naming the plan", async () => {
    const card = await customerWithStripeCard();
    const plan = (name: string, status: number) => ({
      companyId: card.companyId,
      customerId: card.customerId,
      name,
      totalPriceCents: 120_000,
      durationMonths: 12,
      paymentSchedule: 0,
      chargeMode: ChargeMode.Automatic,
      invoiceTiming: 1,
      visits: [],
      status,
      acceptanceMode: 0,
      publicToken: `plan-${Math.random().toString(36).slice(2)}`,
      timezone: "America/New_York",
      startDate: "2026-11-01",
      stripePaymentMethodId: card.paymentMethodId,
      createdByUserId: card.userId,
    });
    const plans = await db
      .insert(customerServicePlans)
      .values([plan("Comfort Club", PlanStatus.Active), plan("Old Club", PlanStatus.Cancelled)])
      .returning({ id: customerServicePlans.id });

    const message = await removeSavedCard({ companyId: card.companyId }, card.customerId, card.paymentMethodId);
    expect(message).toBe(
      'Card removed. Service plan "Comfort Club" has no card now: its invoices are not charged automatically (they stay due, to be paid by hand) until the customer saves another card.',
    );
    for (const { id } of plans) {
      const [row] = await db.select().from(customerServicePlans).where(eq(customerServicePlans.id, id));
      expect(row.stripePaymentMethodId).toBeNull();
    }
    expect(stripe.paymentMethods.get(card.paymentMethodId)?.customer).toBeNull();
    expect(await removeSavedCard({ companyId: card.companyId }, card.customerId, card.paymentMethodId)).toBeNull();
  });

  it("is refused when card payments are not set up on the server (nothing removed)", async () => {
    const card = await customerWithStripeCard();
    await expect(
      removeSavedCard({ companyId: card.companyId }, card.customerId, card.paymentMethodId, null),
    ).rejects.toThrow("Card payments are not set up: the card cannot be removed now.");
    expect(await cardsOf(card.customerId)).toHaveLength(1);
  });
});
