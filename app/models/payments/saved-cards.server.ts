import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import { db } from "~/db.server";
import { companies, customers, customerServicePlans, savedCards } from "~/db/schema";
import { sendLinkToCustomer, type LinkSendResult } from "~/models/messaging/link-message.server";
import type { DeliveryServices } from "~/models/messaging/send.server";
import { RuleError } from "~/models/rules";
import { PlanStatus } from "~/models/service-plans/plan-terms";
import { PAYMENTS_NOT_SET_UP } from "~/services/payments-notice";
import { stripeClient, stripeSettings, type StripeSettings } from "~/services/payments.server";
import { ADD_CARD_LINK_HOURS, addCardLink, getPaymentAccount } from "./card-payments.server";

export type SavedCard = {
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/** The customer page's saved-cards section: the cards, and either the add-card link or why there is none. */
export type SavedCardsView = { cards: SavedCard[]; link: string | null; notice: string | null };

export const NO_CHARGING_ACCOUNT = "Connect a Stripe account that takes card payments first (My Money).";

const cardsOf = (companyId: number, customerId: number) =>
  db
    .select({
      paymentMethodId: savedCards.stripePaymentMethodId,
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
    })
    .from(savedCards)
    .where(and(eq(savedCards.companyId, companyId), eq(savedCards.customerId, customerId)))
    .orderBy(desc(savedCards.createdAt));

/** Why no add-card link can be made for the company now, or null when one can. */
async function linkBlocker(companyId: number, settings: StripeSettings | null): Promise<string | null> {
  if (!settings) return `${PAYMENTS_NOT_SET_UP}: cards cannot be saved or charged.`;
  const account = await getPaymentAccount(companyId);
  return account?.chargesEnabled ? null : NO_CHARGING_ACCOUNT;
}

/**
 * The section's data for a customer of the company (the caller checked the customer is theirs): the
 * saved cards, newest first, and a fresh add-card link (valid ADD_CARD_LINK_HOURS) to copy, or the
 * plain reason there is none (no Stripe on this server, no account that takes charges).
 */
export async function savedCardsView(
  ctx: { companyId: number },
  customerId: number,
  settings = stripeSettings(),
): Promise<SavedCardsView> {
  const cards = await cardsOf(ctx.companyId, customerId);
  const notice = await linkBlocker(ctx.companyId, settings);
  return { cards, notice, link: notice ? null : await addCardLink(ctx, customerId) };
}

/** The section's forms: send the add-card link (channel text 1, email 2, both 3) or remove a saved card. */
export const savedCardsFormSchema = z.discriminatedUnion("cardAction", [
  z.object({
    cardAction: z.literal("send"),
    channel: z
      .enum(["1", "2", "3"], { errorMap: () => ({ message: "Choose how to send the link" }) })
      .transform((v) => Number(v) as 1 | 2 | 3),
  }),
  z.object({ cardAction: z.literal("remove"), paymentMethodId: z.string().min(1).max(200) }),
]);

/**
 * Sends the add-card link to the customer by text, email or both through the messaging area. The
 * dedupe key is the link itself (its expiry is to the second), so a double click sends it once.
 * Null when the customer is not the company's.
 */
export async function sendAddCardLink(
  ctx: { companyId: number },
  customerId: number,
  channel: 1 | 2 | 3,
  services?: DeliveryServices,
  settings = stripeSettings(),
): Promise<LinkSendResult | null> {
  const [row] = await db
    .select({ firstName: customers.firstName, businessName: companies.businessName, logoUrl: companies.logoUrl })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .where(and(eq(customers.id, customerId), eq(customers.companyId, ctx.companyId)));
  if (!row) return null;
  const blocker = await linkBlocker(ctx.companyId, settings);
  if (blocker) return { sent: false, error: blocker };
  const link = await addCardLink(ctx, customerId);
  const subject = `Save a card with ${row.businessName}`;
  const smsText = `${row.businessName}: save a card for your future payments here: ${link} (the link works for ${ADD_CARD_LINK_HOURS} hours)`;
  const emailText = [
    `Hi ${row.firstName},`,
    `${row.businessName} asks you to save a card for your future payments. Your card details go to our payment provider, Stripe, not to us.`,
    `Save your card: ${link}`,
    `The link works for ${ADD_CARD_LINK_HOURS} hours.`,
    `Thank you,\n${row.businessName}`,
  ].join("\n\n");
  return sendLinkToCustomer(
    {
      companyId: ctx.companyId,
      customerId,
      channel,
      dedupeKey: `add-card-link:${new URL(link).searchParams.get("token")}`,
      company: row,
      subject,
      smsText,
      emailText,
      sentMessage: "Add-card link sent",
    },
    services,
  );
}

/** The answer when Stripe could not detach the card (it stays saved, nothing changed here). */
export const CARD_NOT_DETACHED = "Stripe could not remove the card now, so it was kept: please try again in a minute.";

const isMissingAtStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";

/**
 * Detaches the card from its customer at Stripe on the connected account, so it can no longer be
 * charged there. A card Stripe no longer has, or has no longer attached (detached at Stripe
 * already), counts as detached; any other failure is a RuleError and nothing is removed.
 */
async function detachAtStripe(companyId: number, paymentMethodId: string, settings: StripeSettings | null) {
  if (!settings) throw new RuleError({ _global: `${PAYMENTS_NOT_SET_UP}: the card cannot be removed now.` });
  const account = await getPaymentAccount(companyId);
  if (!account) return; // no connected account any more: nothing of the company's can charge the card
  const stripe = stripeClient(settings);
  const on = { stripeAccount: account.stripeAccountId };
  try {
    await stripe.paymentMethods.detach(paymentMethodId, {}, on);
  } catch (error) {
    if (isMissingAtStripe(error)) return;
    const method = await stripe.paymentMethods.retrieve(paymentMethodId, {}, on).then(
      (found) => found,
      (retrieveError: unknown) => (isMissingAtStripe(retrieveError) ? null : undefined),
    );
    if (method === null || (method && !method.customer)) return;
    throw new RuleError({ _global: CARD_NOT_DETACHED });
  }
}

/**
 * Removes a saved card of the customer: detached at Stripe first (so it is not chargeable on the
 * connected account), then our row deleted; a Stripe failure keeps both (RuleError). A service
 * plan paying with the card loses it in the same transaction as the row: its next invoices are not
 * charged (the charge fails as "no saved card", the invoice stays due and the office is emailed)
 * and its page asks the customer for a card again. The answer is the office's message (naming those plans), or null when
 * the customer has no such card of the company's.
 */
export async function removeSavedCard(
  ctx: { companyId: number },
  customerId: number,
  paymentMethodId: string,
  settings = stripeSettings(),
): Promise<string | null> {
  const theCard = and(
    eq(savedCards.companyId, ctx.companyId),
    eq(savedCards.customerId, customerId),
    eq(savedCards.stripePaymentMethodId, paymentMethodId),
  );
  const [card] = await db.select({ id: savedCards.id }).from(savedCards).where(theCard);
  if (!card) return null;
  await detachAtStripe(ctx.companyId, paymentMethodId, settings);
  const plans = await db.transaction(async (tx) => {
    const gone = await tx.delete(savedCards).where(theCard).returning({ id: savedCards.id });
    if (!gone.length) return null;
    return tx
      .update(customerServicePlans)
      .set({ stripePaymentMethodId: null, updatedAt: new Date() })
      .where(
        and(
          eq(customerServicePlans.companyId, ctx.companyId),
          eq(customerServicePlans.stripePaymentMethodId, paymentMethodId),
        ),
      )
      .returning({ name: customerServicePlans.name, status: customerServicePlans.status });
  });
  if (!plans) return null;
  const named = plans.filter((p) => p.status !== PlanStatus.Cancelled).map((p) => `"${p.name}"`);
  if (!named.length) return "Card removed";
  return `Card removed. Service plan ${named.join(", ")} has no card now: its invoices are not charged automatically (they stay due, to be paid by hand) until the customer saves another card.`;
}
