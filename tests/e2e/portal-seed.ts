// Run from source with `node --import tsx tests/e2e/portal-seed.ts <out.json>`, with the server's environment
// (DATA_DIR), before the server opens the embedded database: boots the app once (migrations, plans), makes
// two companies with the portal on (the second allows no visits, requests or cards), customers with one
// record of each kind (tests/integration/portal/portal-fixtures.ts), an online booking form for the first,
// sign-in links, and writes what the tests need.
import { writeFileSync } from "node:fs";
import { accessFor, createTestCompany } from "../helpers/factories";
import { db } from "~/db.server";
import { priceListCategories, priceListItems } from "~/db/schema";
import { saveBookingSettings } from "~/models/booking/booking-settings.server";
import { defaultWorkHours } from "~/models/booking/booking.schema";
import { boot, shutdown } from "~/server/boot.server";
import {
  connectPayments,
  enablePortal,
  portalLink,
  seedPortalCustomer,
  type SeededCustomer,
} from "../integration/portal/portal-fixtures";

export type PortalWorldData = {
  ana: SeededCustomer;
  ben: SeededCustomer;
  cara: SeededCustomer;
  /** Single-use sign-in link tokens, several per customer. */
  links: { ana: string[]; ben: string[]; cara: string[] };
};

const [outFile] = process.argv.slice(2);
if (!outFile) throw new Error("usage: portal-seed.ts <out.json>");

await boot();
const first = await createTestCompany({ businessName: "Portal Heating Co" });
await enablePortal(first.companyId);
await connectPayments(first.companyId);
const { ctx } = await accessFor(first.userId);
const [category] = await db
  .insert(priceListCategories)
  .values({ companyId: first.companyId, categoryName: "Services", type: 1 })
  .returning({ id: priceListCategories.id });
const [item] = await db
  .insert(priceListItems)
  .values({ companyId: first.companyId, categoryId: category!.id, name: "Tune-up", priceCents: 12900, itemType: 1 })
  .returning({ id: priceListItems.id });
await saveBookingSettings(ctx, {
  formUrl: `portal-heating-${Date.now()}`,
  isEnabled: true,
  needsApproval: true,
  durationMinutes: 60,
  leadTimeAmount: 0,
  leadTimeUnit: 0,
  bufferMinutes: 0,
  workHours: defaultWorkHours(),
  serviceAreaRadius: null,
  introText: undefined,
  serviceIds: [item!.id],
});
const second = await createTestCompany({ businessName: "Portal Plumbing Co" });
await enablePortal(second.companyId, { canSeeVisits: false, canRequestWork: false, canManageCards: false });

const ana = await seedPortalCustomer(first.companyId, "Ana");
const ben = await seedPortalCustomer(first.companyId, "Ben");
const cara = await seedPortalCustomer(second.companyId, "Cara");
const links = async (c: SeededCustomer) => Promise.all([1, 2, 3, 4].map(() => portalLink(c)));
const data: PortalWorldData = {
  ana,
  ben,
  cara,
  links: { ana: await links(ana), ben: await links(ben), cara: await links(cara) },
};
writeFileSync(outFile, JSON.stringify(data));
await shutdown();
process.exit(0);
