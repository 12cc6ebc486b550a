import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { db } from "~/db.server";
import { customers, invoiceLineItems, invoices, quickBooksConnections } from "~/db/schema";
import { startQuickBooksServer, TEST_QUICKBOOKS, type QuickBooksServer } from "../../helpers/quickbooks-server";

/**
 * A local QuickBooks Online for the test file, started at import so the app's QUICKBOOKS_* environment
 * (read once per process) points at it: API, token endpoint and consent screen on one address.
 */
export async function quickBooksForThisFile(): Promise<QuickBooksServer> {
  const server = await startQuickBooksServer();
  const vars = {
    QUICKBOOKS_CLIENT_ID: TEST_QUICKBOOKS.clientId,
    QUICKBOOKS_CLIENT_SECRET: TEST_QUICKBOOKS.clientSecret,
    QUICKBOOKS_API_URL: server.url,
    QUICKBOOKS_AUTH_URL: `${server.url}/connect/oauth2`,
    QUICKBOOKS_TOKEN_URL: `${server.url}/oauth2/v1/tokens/bearer`,
  };
  Object.assign(process.env, vars);
  afterAll(async () => {
    await server.close();
    for (const key of Object.keys(vars)) delete process.env[key];
  });
  return server;
}

/** A connection as the callback stores it, with a token the local server accepts. */
export async function connect(server: QuickBooksServer, companyId: number, expiresInMs = 3_600_000) {
  const accessToken = `access-${randomBytes(6).toString("hex")}`;
  const refreshToken = `refresh-${randomBytes(6).toString("hex")}`;
  server.accessTokens.add(accessToken);
  server.refreshTokens.add(refreshToken);
  await db.insert(quickBooksConnections).values({
    companyId,
    realmId: "9130355",
    accessToken,
    refreshToken,
    accessTokenExpiresAt: new Date(Date.now() + expiresInMs),
    companyName: "Sandbox Company_US_1",
  });
  return { accessToken, refreshToken };
}

let serial = 0;

export async function addCustomer(companyId: number, firstName: string, lastName: string | null) {
  const [row] = await db
    .insert(customers)
    .values({ companyId, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` })
    .returning({ id: customers.id });
  return row.id;
}

/**
 * An invoice: two lines ($120.50 drain cleaning, 3 × $9.99 filters), 8.25% tax on $150.47 ($12.41),
 * a $5.00 discount: total $157.88.
 */
export async function addInvoice(companyId: number, customerId: number, number = 2000 + ++serial) {
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyId,
      number,
      customerId,
      issueDate: "2026-11-02",
      dueDate: "2026-12-02",
      subtotalCents: 15_047,
      discountCents: 500,
      taxRate: 825,
      taxCents: 1_241,
      totalCents: 15_788,
      publicToken: randomBytes(18).toString("base64url"),
    })
    .returning({ id: invoices.id, number: invoices.number });
  await db.insert(invoiceLineItems).values([
    { companyId, invoiceId: invoice.id, name: "Drain cleaning", unitPriceCents: 12_050, amountCents: 12_050 },
    {
      companyId,
      invoiceId: invoice.id,
      name: "Filter",
      description: "MERV 11",
      quantity: "3",
      unitPriceCents: 999,
      amountCents: 2_997,
      position: 1,
    },
  ]);
  return invoice;
}
