import path from "node:path";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { db, executeSql } from "~/db.server";
import { campaigns } from "~/db/schema";
import { CampaignTrigger } from "~/models/campaigns/campaigns.schema";
import { postgresAvailable, reportOf, useExactlyOnceRun } from "../../helpers/exactly-once";
import { recipientOf } from "../../helpers/smtp-capture";
import { newCampaign, sendingFixture } from "./sending-fixture";

/**
 * Campaign messages exactly once across a real crash and two app instances (ADR 062): the queue run
 * and the dispatcher run in child processes on a PostgreSQL database of their own
 * (tests/helpers/exactly-once.ts), as tests/integration/messaging/exactly-once.test.ts does for the
 * automatic messages. Skipped when PostgreSQL is not at EXACTLY_ONCE_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const recipientsOf = (mails: ParsedMail[]) => mails.map(recipientOf).sort();

/** A due specific-date campaign to the fixture's customer and `more` others, all with email addresses. */
async function dueCampaign(more: number) {
  const f = await sendingFixture();
  await executeSql(
    `insert into customers (company_id, first_name, last_name, email, search_text)
     select $1::int, 'Customer', 'No' || i, 'once-' || $1::int || '-' || i || '@example.com', 'customer no' || i
     from generate_series(1, $2) as i`,
    [f.companyId, more],
  );
  const id = await newCampaign(f, {
    triggerEvent: CampaignTrigger.OnSpecificDateTime,
    scheduledAt: new Date(Date.now() + 3600_000),
  });
  // Its time has come (the rules only take dates ahead).
  await db
    .update(campaigns)
    .set({ scheduledAt: new Date(Date.now() - 60_000) })
    .where(eq(campaigns.id, id));
  return id;
}

const statesOf = (campaignId: number) =>
  executeSql<{ status: string; attempts: number; n: number }>(
    `select s.status, s.attempts, count(*)::int as n from scheduled_messages s
     join campaign_messages m using (idempotency_key) where m.campaign_id = $1 group by 1, 2 order by 1, 2`,
    [campaignId],
  );

describe.skipIf(!postgresAvailable)("campaign messages exactly once (PostgreSQL, child processes)", () => {
  const run = useExactlyOnceRun("fieldwise_campaigns_once", path.resolve(__dirname, "exactly-once-child.ts"));

  it(
    "an instance killed while the SMTP server receives a message: the next one sends the rest, that one not again",
    { timeout: 120_000 },
    async () => {
      const id = await dueCampaign(4);
      run.smtp.received.length = 0;

      // One send at a time, so that exactly one is in flight when the process dies (SIGKILL).
      const died = await run.crashWhileSending({ BATCH: "1", CONCURRENCY: "1" });
      expect(died.signal).toBe("SIGKILL");
      expect(run.smtp.received).toHaveLength(1);
      expect(await statesOf(id)).toEqual([
        { status: "pending", attempts: 0, n: 4 },
        { status: "sending", attempts: 1, n: 1 },
      ]);

      // The next instance finds the dead one's claim stale (STALE_MS=0 stands for the minutes passing).
      const second = run.start({ STALE_MS: "0" });
      const done = await second.exited;
      expect(done.code, done.output).toBe(0);
      expect(reportOf(done)).toMatchObject({ queued: 0, sent: 5 });

      const recipients = recipientsOf(run.smtp.received);
      expect(recipients).toHaveLength(5);
      expect(new Set(recipients).size).toBe(5);
      expect(await statesOf(id)).toEqual([
        { status: "sent", attempts: 1, n: 4 },
        { status: "sent", attempts: 2, n: 1 },
      ]);
      const [outbox] = await executeSql<{ rows: number; keys: number }>(
        `select count(*)::int as rows, count(distinct dedupe_key)::int as keys from outbox_messages where dedupe_key like $1`,
        [`campaign:${id}:%`],
      );
      expect(outbox).toEqual({ rows: 5, keys: 5 });
    },
  );

  it(
    "two instances queueing and sending the same campaign at once send each message once",
    { timeout: 120_000 },
    async () => {
      const count = 60;
      const id = await dueCampaign(count - 1);
      run.smtp.received.length = 0;
      const runs = [run.start({ BATCH: "3" }), run.start({ BATCH: "3" })];
      const results = await Promise.all(runs.map((r) => r.exited));
      for (const r of results) expect(r.code, r.output).toBe(0);
      const reports = results.map((r) => reportOf<{ queued: number; sent: number }>(r));
      expect(reports[0].queued + reports[1].queued).toBe(count);
      expect(reports[0].sent + reports[1].sent).toBe(count);

      const recipients = recipientsOf(run.smtp.received);
      expect(recipients).toHaveLength(count);
      expect(new Set(recipients).size).toBe(count);
      expect(await statesOf(id)).toEqual([{ status: "sent", attempts: 1, n: count }]);
    },
  );
});
