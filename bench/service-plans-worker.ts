// Run by bench/service-plans.mjs through tsx (from source): a company with COUNT customers, each with
// an active 3-year service plan (monthly payments, 4 visits a year) whose next billing period is due
// now and whose next visit has just come within the 12 months ahead; half bill manually (the invoice
// is sent through the outbox), half automatically (the charge row; card payments are not configured
// here, so each charge ends at "not set up"). Then one full run (visits, billing, charges), timed.
// Prints one JSON line. Environment: COUNT, DATABASE_URL (PostgreSQL; default the embedded database).
import { closeDatabase, db, executeSql, openDatabase } from "~/db.server";
import { seedPlans } from "~/models/admin/plans.server";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";
import { runServicePlans } from "~/models/service-plans/plan-run.server";
import { dayjs } from "~/utils/format";

const count = Number(process.env.COUNT || 10_000);
const timeZone = "America/New_York";
await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, poolSize: 20 });
await seedPlans(db);
const { companyId, userId } = await db.transaction((tx) =>
  createCompanyWithAdmin(tx, {
    businessName: "Bench Service Plans Co",
    email: `bench-plans-${Date.now()}@example.com`,
    password: "bench-password-1",
    firstName: "Bea",
    lastName: "Bench",
    country: "US",
  }),
);
await executeSql(`update companies set timezone = $1 where id = $2`, [timeZone, companyId]);

const now = new Date();
const today = dayjs(now).tz(timeZone).format("YYYY-MM-DD");
const startDate = dayjs(today).subtract(12, "month").format("YYYY-MM-DD");
const visits = JSON.stringify(
  [1, 2, 3, 4].map((n) => ({
    visitDescription: `Visit ${n}: check and clean`,
    lineItems: [
      {
        kind: 1,
        name: `Seasonal tune-up ${n}`,
        description: null,
        quantity: "1",
        unitPriceCents: 12_000,
        costCents: 3_000,
        isTaxable: true,
        priceListItemId: null,
      },
    ],
  })),
);
await executeSql(
  `insert into customers (company_id, first_name, last_name, email, search_text)
   select $1, 'Customer', 'No' || i, 'bench-plan-' || i || '@example.com', 'customer no' || i
   from generate_series(1, $2) as i`,
  [companyId, count],
);
await executeSql(
  `insert into customer_addresses (company_id, customer_id, location, is_billing)
   select company_id, id, id || ' Main St, Springfield', true from customers where company_id = $1`,
  [companyId],
);
// A year into the plan: 12 periods billed, the 13th due an hour ago; 8 visits made (12 months ahead), the 9th (the
// sale's anniversary + 24 months) comes within the horizon today.
await executeSql(
  `insert into customer_service_plans (company_id, customer_id, customer_address_id, location, name,
     total_price_cents, duration_months, payment_schedule, charge_mode, invoice_timing, tax_rate, visits,
     status, acceptance_mode, public_token, timezone, start_date, billing_start_at, next_billing_period,
     next_billing_at, next_visit_number, next_visit_date, created_by_user_id, accepted_at)
   select a.company_id, a.customer_id, a.id, a.location, 'Comfort Club', 1234567, 36, 3, a.customer_id % 2, 1, 825,
     $2::jsonb, 1, 0, md5(random()::text || a.id), $3, $4::date, $5::timestamptz - interval '12 months', 12,
     $5::timestamptz, 8, ($6::date + interval '12 months')::date, $7, $5::timestamptz - interval '12 months'
   from customer_addresses a where a.company_id = $1`,
  [companyId, visits, timeZone, startDate, new Date(now.getTime() - 3600_000).toISOString(), today, userId],
);
if (!process.env.DATABASE_URL) await executeSql("vacuum (analyze)");

const started = Date.now();
const report = await runServicePlans({ now, settings: null });
const seconds = (Date.now() - started) / 1000;

const [rows] = await executeSql<{ invoices: number; periods: number; visits: number; charges: number; queued: number }>(
  `select (select count(*)::int from invoices where company_id = $1) as invoices,
     (select count(distinct (customer_service_plan_id, billing_period))::int from invoices where company_id = $1) as periods,
     (select count(*)::int from jobs where company_id = $1 and customer_service_plan_id is not null) as visits,
     (select count(*)::int from service_plan_charges where company_id = $1) as charges,
     (select count(*)::int from scheduled_messages where company_id = $1 and kind = 'plan_invoice') as queued`,
  [companyId],
);
process.stdout.write(`${JSON.stringify({ plans: count, seconds, report, ...rows })}\n`);
await closeDatabase();
process.exit(0);
