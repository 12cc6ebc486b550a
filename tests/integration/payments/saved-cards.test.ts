import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, outboxMessages, paymentAccounts, savedCards } from "~/db/schema";
import { NO_CHARGING_ACCOUNT, savedCardsView } from "~/models/payments/saved-cards.server";
import { action as customerAction, loader as customerLoader } from "~/routes/_app+/customers+/$id";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { callRoute } from "../route-call";
import { approvedAccount, createInvoice, form, stripeForThisFile } from "./fixtures";

const stripe = await stripeForThisFile();
useTestDatabase();

/** A company with an approved account, a customer (with an email) and a card saved for them. */
async function customerWithCard() {
  const { companyId, userId } = await createTestCompany();
  await approvedAccount(stripe, companyId);
  const { customerId } = await createInvoice(companyId);
  await db.insert(savedCards).values({
    companyId,
    customerId,
    stripeCustomerId: "cus_saved0001",
    stripePaymentMethodId: `pm_saved${customerId}x`,
    brand: "visa",
    last4: "4242",
    expMonth: 4,
    expYear: 2031,
  });
  const cookie = await sessionCookie(userId);
  const path = `/customers/${customerId}`;
  const params = { id: String(customerId) };
  return {
    companyId,
    customerId,
    load: () => callRoute(customerLoader, path, { cookie }, params),
    post: (fields: Record<string, string>) => callRoute(customerAction, path, { ...form(fields), cookie }, params),
  };
}

const linkMessages = (companyId: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.companyId, companyId), like(outboxMessages.dedupeKey, "add-card-link:%")));

describe("saved cards on the customer page", () => {
  it("lists the cards and a signed add-card link, sends the link by email once per link, removes a card", async () => {
    const { companyId, customerId, load, post } = await customerWithCard();
    const page = await load();
    expect(page.status).toBe(200);
    expect(page.body.savedCards).toMatchObject({
      notice: null,
      cards: [{ paymentMethodId: `pm_saved${customerId}x`, brand: "visa", last4: "4242", expMonth: 4, expYear: 2031 }],
    });
    expect(page.body.savedCards.link).toMatch(new RegExp(`/add-card-mobile/${customerId}/acct_\\w+\\?token=\\d+\\.`));

    const sent = await post({ intent: "savedCards", cardAction: "send", channel: "2" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/customers/${customerId}`);
    const [message] = await linkMessages(companyId);
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(message).toMatchObject({ channel: "email", to: customer.email, customerId });
    expect(message.body).toContain(`/add-card-mobile/${customerId}/`);
    expect(message.body).toContain("The link works for 72 hours.");
    expect(await linkMessages(companyId)).toHaveLength(1);

    const noChannel = await post({ intent: "savedCards", cardAction: "send" });
    expect(noChannel.status).toBe(400);
    expect(noChannel.body).toEqual({ cardErrors: { channel: "Choose how to send the link" } });

    const removed = await post({
      intent: "savedCards",
      cardAction: "remove",
      paymentMethodId: `pm_saved${customerId}x`,
    });
    expect(removed.status).toBe(302);
    expect(await db.select().from(savedCards).where(eq(savedCards.customerId, customerId))).toHaveLength(0);
    expect((await post({ intent: "savedCards", cardAction: "remove", paymentMethodId: "pm_gone" })).status).toBe(404);
  });

  it("says plainly why there is no link: no Stripe on the server, no account that takes charges", async () => {
    const { companyId, customerId, post } = await customerWithCard();
    expect(await savedCardsView({ companyId }, customerId, null)).toMatchObject({
      notice: "Card payments are not set up: cards cannot be saved or charged.",
      link: null,
    });
    await db.update(paymentAccounts).set({ chargesEnabled: false }).where(eq(paymentAccounts.companyId, companyId));
    expect(await savedCardsView({ companyId }, customerId)).toMatchObject({ notice: NO_CHARGING_ACCOUNT, link: null });
    const refused = await post({ intent: "savedCards", cardAction: "send", channel: "3" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ cardErrors: { _global: NO_CHARGING_ACCOUNT } });
    expect(await linkMessages(companyId)).toHaveLength(0);
  });
});
