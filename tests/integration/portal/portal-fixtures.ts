import { randomBytes } from "node:crypto";
import { db } from "~/db.server";
import {
  customerAddresses,
  customers,
  customerServicePlans,
  estimates,
  invoices,
  jobs,
  paymentAccounts,
  portalSessions,
  savedCards,
} from "~/db/schema";
import { commitPortalSession } from "~/access/portal.server";
import { hashSecret, randomToken } from "~/models/accounts/passwords.server";
import { mintSignInLink } from "~/models/portal/sessions.server";
import { DEFAULT_PORTAL_SETTINGS, savePortalSettings } from "~/models/portal/settings.server";
import type { PortalSettings } from "~/models/portal/settings.schema";

/*
 * Customers of the portal with one record of every kind each, named after their owner ("Ana's ..."),
 * so a page that showed another customer's row would show another owner's name. Used by the
 * integration tests on the test database and by tests/e2e/portal-seed.ts before the server starts.
 */

const token = () => randomBytes(18).toString("base64url");
const DAY = 86_400_000;
let number = 1000;

export type SeededCustomer = {
  companyId: number;
  customerId: number;
  key: string;
  cardId: string;
  records: { upcomingJob: number; pastJob: number; estimate: number; invoice: number; plan: number };
  tokens: { job: string; estimate: string; invoice: string; paidInvoice: string; plan: string };
};

export async function enablePortal(companyId: number, settings: Partial<PortalSettings> = {}) {
  await savePortalSettings(
    { companyId },
    {
      ...DEFAULT_PORTAL_SETTINGS,
      isEnabled: true,
      canManageCards: true,
      welcomeMessage: "Thanks for choosing us.",
      accentColor: "#0b6e4f",
      ...settings,
    },
  );
}

/** A customer with an address, two visits, a sent and a draft estimate, an unpaid and a paid invoice, a plan and a card. */
export async function seedPortalCustomer(companyId: number, key: string, now = new Date()): Promise<SeededCustomer> {
  const tz = "America/New_York";
  const [customer] = await db
    .insert(customers)
    .values({ companyId, firstName: key, lastName: "Portal", email: `${key.toLowerCase()}-${token()}@example.com` })
    .returning({ id: customers.id });
  const customerId = customer!.id;
  await db
    .insert(customerAddresses)
    .values({ companyId, customerId, location: `12 ${key} Street, Asheville, NC`, isBilling: true });
  const t = {
    job: token(),
    pastJob: token(),
    estimate: token(),
    draft: token(),
    invoice: token(),
    paidInvoice: token(),
    draftInvoice: token(),
    plan: token(),
  };
  const at = (days: number, hour = 15) =>
    new Date(Math.floor(now.getTime() / DAY) * DAY + days * DAY + hour * 3600_000);
  const [upcoming, past] = await db
    .insert(jobs)
    .values([
      {
        companyId,
        customerId,
        name: `${key}'s upcoming tune-up`,
        status: 1,
        startTime: at(3),
        endTime: at(3, 17),
        timezone: tz,
        location: `12 ${key} Street, Asheville, NC`,
        publicToken: t.job,
      },
      {
        companyId,
        customerId,
        name: `${key}'s past repair`,
        status: 4,
        startTime: at(-10),
        endTime: at(-10, 16),
        timezone: tz,
        location: `12 ${key} Street, Asheville, NC`,
        publicToken: t.pastJob,
      },
    ])
    .returning({ id: jobs.id });
  const [estimate] = await db
    .insert(estimates)
    .values([
      {
        companyId,
        customerId,
        number: ++number,
        name: `${key}'s new furnace`,
        status: 4,
        totalCents: 450_000,
        sentAt: at(-1),
        timezone: tz,
        publicToken: t.estimate,
      },
      {
        companyId,
        customerId,
        number: ++number,
        name: `${key}'s draft estimate`,
        status: 7,
        totalCents: 1000,
        timezone: tz,
        publicToken: t.draft,
      },
    ])
    .returning({ id: estimates.id });
  const day = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const [invoice] = await db
    .insert(invoices)
    .values([
      {
        companyId,
        customerId,
        number: ++number,
        status: 1,
        issueDate: day(-5),
        dueDate: day(10),
        totalCents: 15_000,
        paidCents: 5_000,
        sentAt: at(-5),
        publicToken: t.invoice,
      },
      {
        companyId,
        customerId,
        number: ++number,
        status: 2,
        issueDate: day(-40),
        dueDate: day(-30),
        totalCents: 9_900,
        paidCents: 9_900,
        paidAt: at(-31),
        publicToken: t.paidInvoice,
      },
      {
        companyId,
        customerId,
        number: ++number,
        status: 0,
        issueDate: day(0),
        dueDate: day(30),
        totalCents: 777,
        publicToken: t.draftInvoice,
      },
    ])
    .returning({ id: invoices.id });
  const [plan] = await db
    .insert(customerServicePlans)
    .values({
      companyId,
      customerId,
      name: `${key}'s comfort plan`,
      totalPriceCents: 19_900,
      paymentSchedule: 0,
      chargeMode: 0,
      invoiceTiming: 0,
      visits: [],
      status: 1,
      acceptanceMode: 0,
      publicToken: t.plan,
      timezone: tz,
      startDate: day(-60),
    })
    .returning({ id: customerServicePlans.id });
  const cardId = `pm_${key.toLowerCase()}_${token().replace(/[^A-Za-z0-9]/g, "")}`;
  await db.insert(savedCards).values({
    companyId,
    customerId,
    stripeCustomerId: `cus_${key.toLowerCase()}`,
    stripePaymentMethodId: cardId,
    brand: "visa",
    last4: key === "Ana" ? "4242" : "1881",
    expMonth: 4,
    expYear: 2031,
  });
  return {
    companyId,
    customerId,
    key,
    cardId,
    records: {
      upcomingJob: upcoming!.id,
      pastJob: past!.id,
      estimate: estimate!.id,
      invoice: invoice!.id,
      plan: plan!.id,
    },
    tokens: { job: t.job, estimate: t.estimate, invoice: t.invoice, paidInvoice: t.paidInvoice, plan: t.plan },
  };
}

/** The company's Stripe account that takes charges (what the add-card link needs). */
export async function connectPayments(companyId: number) {
  await db
    .insert(paymentAccounts)
    .values({ companyId, stripeAccountId: `acct_${token().replace(/[^A-Za-z0-9]/g, "")}`, chargesEnabled: true })
    .onConflictDoNothing();
}

/** A sign-in link of the customer, valid for a day (its token). */
export const portalLink = (c: { companyId: number; customerId: number }) =>
  mintSignInLink({ companyId: c.companyId, customerId: c.customerId, channel: "email", lifetimeMs: DAY });

/** A Cookie header of a portal session of the customer: its row made directly, the cookie as the portal signs it. */
export async function portalCookie(c: { companyId: number; customerId: number }): Promise<string> {
  const sessionToken = randomToken(32);
  await db.insert(portalSessions).values({
    id: hashSecret(sessionToken),
    companyId: c.companyId,
    customerId: c.customerId,
    expiresAt: new Date(Date.now() + 30 * DAY),
  });
  const setCookie = await commitPortalSession(new Request("http://localhost/portal"), sessionToken, c.companyId);
  return setCookie.split(";")[0]!;
}
