import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { db, executeSql } from "~/db.server";
import { campaigns } from "~/db/schema";
import { queueDueCampaigns } from "~/models/campaigns/campaign-sending.server";
import { CampaignTrigger } from "~/models/campaigns/campaigns.schema";
import { countAudience, listAudience } from "~/models/campaigns/campaigns.server";
import { adjustCustomerCount } from "~/models/customers/customers.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { useTestDatabase } from "../../helpers/db";
import { newCampaign, sendingFixture } from "./sending-fixture";

// A 5,000-customer audience (issue #17 "Must hold"): queued in one statement per campaign, then sent
// once each although two queue runs and two dispatchers work on it at the same time.

useTestDatabase();

const AUDIENCE = 5000;

it(
  `queues a ${AUDIENCE.toLocaleString("en-US")}-customer audience and sends each once, with runs and dispatchers overlapping`,
  { timeout: 600_000 },
  async () => {
    const f = await sendingFixture();
    await executeSql(
      `insert into customers (company_id, first_name, last_name, email, search_text)
     select $1, 'Customer', 'No' || i, 'audience-' || i || '@example.com', 'customer no' || i
     from generate_series(1, $2) as i`,
      [f.companyId, AUDIENCE - 1],
    );
    // The list's customer counter, as the bulk seed keeps it (the fixture's rows are written straight too).
    await adjustCustomerCount(db, f.companyId, AUDIENCE);
    const scheduledAt = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000);
    const id = await newCampaign(f, { triggerEvent: CampaignTrigger.OnSpecificDateTime, scheduledAt });
    const [saved] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(saved.selectedCustomersNumber).toBe(AUDIENCE);

    // The wizard's list of it: paged to the last customers, searched; a few unticked are left out of the count.
    const list = (pageNumber: number, searchQuery?: string) =>
      listAudience(f.admin, { pageNumber, pageSize: 10, tags: [], excludeTags: [], searchQuery });
    const last = await list(AUDIENCE / 10);
    expect(last.total).toBe(AUDIENCE);
    expect(last.items).toHaveLength(10);
    expect((await list(1, "No4999")).items.map((c) => c.lastName)).toEqual(["No4999"]);
    const unticked = (await list(1)).items.slice(0, 3).map((c) => c.id);
    expect(
      await countAudience(f.companyId, {
        includeTagIds: [],
        excludeTagIds: [],
        checkAll: true,
        excludeCustomerIds: unticked,
        includeCustomerIds: [],
      }),
    ).toBe(AUDIENCE - 3);

    const queuedAt = Date.now();
    const runs = await Promise.all([queueDueCampaigns(scheduledAt), queueDueCampaigns(scheduledAt)]);
    const queueMs = Date.now() - queuedAt;
    expect(runs.reduce((n, r) => n + r.messages, 0)).toBe(AUDIENCE);
    expect(runs.reduce((n, r) => n + r.campaigns, 0)).toBe(1);
    expect(queueMs).toBeLessThan(30_000);

    const now = () => scheduledAt;
    const reports = await Promise.all([dispatchDueMessages({ now }), dispatchDueMessages({ now })]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(AUDIENCE);
    const [counts] = await executeSql<{ messages: number; sent: number; outbox: number; keys: number }>(
      `select (select count(*)::int from campaign_messages where campaign_id = $1) as messages,
       (select count(*)::int from scheduled_messages s join campaign_messages m using (idempotency_key)
         where m.campaign_id = $1 and s.status = 'sent' and s.attempts = 1) as sent,
       (select count(*)::int from outbox_messages where dedupe_key like $2) as outbox,
       (select count(distinct dedupe_key)::int from outbox_messages where dedupe_key like $2) as keys`,
      [id, `campaign:${id}:%`],
    );
    expect(counts).toEqual({ messages: AUDIENCE, sent: AUDIENCE, outbox: AUDIENCE, keys: AUDIENCE });
  },
);
