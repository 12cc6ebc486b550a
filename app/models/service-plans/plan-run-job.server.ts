import { runServicePlans } from "~/models/service-plans/plan-run.server";
import { defineJob } from "~/services/queue.server";

/**
 * The service plans' background run, every hour at :17 (UTC): visits within 12 months become jobs,
 * due billing periods become invoices, automatic charges go to Stripe. pg-boss runs each slot once
 * across instances, and the run itself is safe to overlap or repeat (plan-run.server.ts).
 */
export const servicePlanRunJob = defineJob(
  "run-service-plans",
  async () => {
    await runServicePlans();
  },
  { cron: "17 * * * *", retryLimit: 0 },
);
