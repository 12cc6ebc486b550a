// Run from source with `node --import tsx tests/security/portal-core-seed.ts <out.json>`, with the server's
// environment (DATA_DIR, SESSION_SECRET), before the server opens the embedded database: two companies
// with the portal on and one with it off, a customer each, a staff session of the first company's admin,
// and sign-in links (usable, expired) for tests/security/portal.test.ts.
import { writeFileSync } from "node:fs";
import { db } from "~/db.server";
import { customers } from "~/db/schema";
import { mintSignInLink } from "~/models/portal/sessions.server";
import { boot, shutdown } from "~/server/boot.server";
import { createTestCompany, sessionCookie } from "../helpers/factories";
import { enablePortal } from "../integration/portal/portal-fixtures";

export type PortalCoreSeed = {
  companyId: number;
  otherCompanyId: number;
  offCompanyId: number;
  staffCookie: string;
  /** Usable single-use links of the first company's customer. */
  links: string[];
  expiredLink: string;
  /** A usable link of the other company's customer. */
  otherLink: string;
};

const [outFile] = process.argv.slice(2);
if (!outFile) throw new Error("usage: portal-core-seed.ts <out.json>");

await boot();
const customerOf = async (companyId: number, firstName: string) => {
  const [row] = await db
    .insert(customers)
    .values({ companyId, firstName, lastName: "Portal", email: `${firstName.toLowerCase()}@example.com` })
    .returning({ id: customers.id });
  return row!.id;
};
const first = await createTestCompany({ businessName: "Core Heating Co" });
await enablePortal(first.companyId);
const other = await createTestCompany({ businessName: "Core Plumbing Co" });
await enablePortal(other.companyId);
const off = await createTestCompany({ businessName: "Core Closed Co" });
const dana = await customerOf(first.companyId, "Dana");
const olga = await customerOf(other.companyId, "Olga");
const link = (companyId: number, customerId: number, lifetimeMs = 3_600_000, now?: Date) =>
  mintSignInLink({ companyId, customerId, channel: "email", lifetimeMs, now });
const data: PortalCoreSeed = {
  companyId: first.companyId,
  otherCompanyId: other.companyId,
  offCompanyId: off.companyId,
  staffCookie: await sessionCookie(first.userId),
  links: await Promise.all([1, 2, 3, 4, 5].map(() => link(first.companyId, dana))),
  expiredLink: await link(first.companyId, dana, 60_000, new Date(Date.now() - 120_000)),
  otherLink: await link(other.companyId, olga),
};
writeFileSync(outFile, JSON.stringify(data));
await shutdown();
process.exit(0);
