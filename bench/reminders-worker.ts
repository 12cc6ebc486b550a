// Run by bench/reminders.mjs through tsx (from source): a company with COUNT customers, each with a
// visit tomorrow whose appointment reminder (email, one day before at this minute's local time) is
// due now, then one dispatcher run over them, timed. Prints one JSON line of results.
// Environment: COUNT, SMTP_URL, DATABASE_URL (PostgreSQL; default the embedded database in memory),
// CONCURRENCY (sends in flight).
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { closeDatabase, db, executeSql, openDatabase } from "~/db.server";
import { companies, reminderSettings } from "~/db/schema";
import { seedPlans } from "~/models/admin/plans.server";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";
import { syncCompanyReminders } from "~/models/messaging/automatic.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { toFloating } from "~/models/jobs/job-recurrence";

const count = Number(process.env.COUNT || 10_000);
const timeZone = "America/New_York";
await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, poolSize: 20 });
await seedPlans(db);
const { companyId } = await db.transaction((tx) =>
  createCompanyWithAdmin(tx, {
    businessName: "Bench Reminders Co",
    email: `bench-reminders-${Date.now()}@example.com`,
    password: "bench-password-1",
    firstName: "Bea",
    lastName: "Bench",
    country: "US",
  }),
);
await db.execute(sql`update ${companies} set timezone = ${timeZone} where id = ${companyId}`);

// Every visit starts tomorrow at this minute: the day-before reminder at this minute is due now.
// Exactly a day later, not more: at 23:30 local time, an hour more made the visit's day the one after
// tomorrow and the reminder due tomorrow (none sent).
const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const sendTime = toFloating(minute, timeZone).toISOString().slice(11, 16);
const start = new Date(minute.getTime() + 24 * 3600_000);
await executeSql(
  `insert into customers (company_id, first_name, last_name, email, search_text)
   select $1, 'Customer', 'No' || i, 'bench-reminder-' || i || '@example.com', 'customer ' || i
   from generate_series(1, $2) as i`,
  [companyId, count],
);
await executeSql(
  `insert into jobs (company_id, customer_id, name, status, start_time, end_time, timezone,
     send_appointment_reminder, public_token)
   select $1, c.id, 'Visit ' || c.id, 1, $2::timestamptz, $2::timestamptz + interval '1 hour', $3, true,
     md5(random()::text || c.id) || $4
   from customers c where c.company_id = $1`,
  [companyId, start.toISOString(), timeZone, randomBytes(4).toString("hex")],
);
await db.transaction(async (tx) => {
  await tx.insert(reminderSettings).values({
    companyId,
    appointmentRemindersOn: true,
    appointmentDaysBefore: 1,
    appointmentSendTime: sendTime,
    appointmentChannel: 2,
  });
  await syncCompanyReminders(tx, companyId);
});
const [{ due, first, last }] = await executeSql<{ due: number; first: string; last: string }>(
  `select count(*)::int as due, min(due_at)::text as first, max(due_at)::text as last
   from scheduled_messages where company_id = $1 and status = 'pending'`,
  [companyId],
);

const started = Date.now();
const report = await dispatchDueMessages({
  concurrency: process.env.CONCURRENCY ? Number(process.env.CONCURRENCY) : undefined,
});
const seconds = (Date.now() - started) / 1000;

const [rows] = await executeSql<{ sent: number; outbox: number; keys: number }>(
  `select (select count(*)::int from scheduled_messages where company_id = $1 and status = 'sent') as sent,
     (select count(*)::int from outbox_messages where company_id = $1) as outbox,
     (select count(distinct dedupe_key)::int from outbox_messages where company_id = $1) as keys`,
  [companyId],
);
const outcomes = await executeSql<{ status: string; error: string | null; n: number }>(
  `select status, error, count(*)::int as n from scheduled_messages where company_id = $1 group by 1, 2`,
  [companyId],
);
process.stdout.write(`${JSON.stringify({ due, first, last, seconds, report, outcomes, ...rows })}\n`);
await closeDatabase();
process.exit(0);
