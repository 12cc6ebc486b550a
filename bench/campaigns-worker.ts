// Run by bench/campaigns.mjs through tsx (from source): a company with COUNT customers (each with an
// email address), one specific-date email campaign to all of them whose time has come, then the
// queue run (app/models/campaigns/campaign-sending.server.ts) and one dispatcher run sending every
// message through the outbox adapter (no SMTP_URL: each email is stored in outbox_messages), timed.
// Prints one JSON line. Environment: COUNT, DATABASE_URL (PostgreSQL; default the embedded database).
import { eq } from "drizzle-orm";
import { closeDatabase, db, executeSql, openDatabase } from "~/db.server";
import { campaigns } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import { seedPlans } from "~/models/admin/plans.server";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";
import { queueDueCampaigns } from "~/models/campaigns/campaign-sending.server";
import { createCampaign } from "~/models/campaigns/campaigns.server";
import { CampaignTrigger, DelayType } from "~/models/campaigns/campaigns.schema";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";

const count = Number(process.env.COUNT || 20_000);
const timeZone = "America/New_York";
await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, poolSize: 20 });
await seedPlans(db);
const { companyId, userId } = await db.transaction((tx) =>
  createCompanyWithAdmin(tx, {
    businessName: "Bench Campaigns Co",
    email: `bench-campaigns-${Date.now()}@example.com`,
    password: "bench-password-1",
    firstName: "Bea",
    lastName: "Bench",
    country: "US",
  }),
);
await executeSql(`update companies set timezone = $1 where id = $2`, [timeZone, companyId]);
await executeSql(
  `insert into customers (company_id, first_name, last_name, email, search_text)
   select $1::int, 'Customer', 'No' || i, 'bench-campaign-' || i || '@example.com', 'customer no' || i
   from generate_series(1, $2::int) as i`,
  [companyId, count],
);
if (!process.env.DATABASE_URL) await executeSql("vacuum (analyze)");

const admin: CallerContext = { companyId, userId, role: Role.CompanyAdmin };
const campaignId = await createCampaign(
  admin,
  {
    name: "Spring tune-up offer",
    isActive: true,
    triggerEvent: CampaignTrigger.OnSpecificDateTime,
    delayType: DelayType.Day,
    delayValue: 1,
    sendImmediately: false,
    scheduledAt: new Date(Date.now() + 3600_000),
    channel: 2,
    subject: "Spring is here, {{customer_first_name}}",
    emailMessage:
      "Hi {{customer_full_name}},\n\n{{company_name}} has spring tune-ups this month. Call us at {{business_phone}}.",
    smsMessage: "",
    includeTagIds: [],
    excludeTagIds: [],
    checkAll: true,
    excludeCustomerIds: [],
    includeCustomerIds: [],
    selectedCustomersNumber: 0,
  },
  { now: new Date(), timeZone, canSendTexts: false },
);
// Its time has come (the rules only take dates ahead).
await db
  .update(campaigns)
  .set({ scheduledAt: new Date(Date.now() - 1000) })
  .where(eq(campaigns.id, campaignId));

const started = Date.now();
const queued = await queueDueCampaigns();
const queueSeconds = (Date.now() - started) / 1000;
const report = await dispatchDueMessages();
const totalSeconds = (Date.now() - started) / 1000;

const [rows] = await executeSql<{ messages: number; sent: number; outbox: number; keys: number }>(
  `select (select count(*)::int from campaign_messages where campaign_id = $1) as messages,
     (select count(*)::int from scheduled_messages where company_id = $2 and status = 'sent') as sent,
     (select count(*)::int from outbox_messages where company_id = $2) as outbox,
     (select count(distinct dedupe_key)::int from outbox_messages where company_id = $2) as keys`,
  [campaignId, companyId],
);
const outcomes = await executeSql<{ status: string; error: string | null; n: number }>(
  `select status, error, count(*)::int as n from scheduled_messages where company_id = $1 group by 1, 2`,
  [companyId],
);
process.stdout.write(
  `${JSON.stringify({ audience: count, queued: queued.messages, queueSeconds, totalSeconds, report, outcomes, ...rows })}\n`,
);
await closeDatabase();
process.exit(0);
