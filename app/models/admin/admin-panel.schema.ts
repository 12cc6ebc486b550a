import { z } from "zod";

// Shared by the admin panel's screens (in the browser too) and app/models/admin-panel.server.ts:
// a .server module is empty in the browser, so the screens read these from here.

/** Subscription status of the spec: 0 free trial, 1 no plan, 2 active, 3 canceled. */
export const SubscriptionStatus = { FreeTrial: 0, NoPlan: 1, Active: 2, Canceled: 3 } as const;
export const subscriptionStatusLabels: Record<number, string> = {
  0: "Free trial",
  1: "No plan",
  2: "Active",
  3: "Canceled",
};

/** What the super admin can change on a company's subscription. Dates are yyyy-MM-dd (end of that day, UTC). */
export const subscriptionFormSchema = z.object({
  planId: z.coerce.number({ invalid_type_error: "Plan is required" }).int().positive("Plan is required"),
  status: z.coerce
    .number({ invalid_type_error: "Status is required" })
    .int()
    .min(0, "Status is required")
    .max(3, "Status is required"),
  trialExpiration: z.preprocess(
    (v) => (v === "" ? null : v),
    z.string().date("Trial expiration must be a date").nullable().default(null),
  ),
  expirationDate: z.preprocess(
    (v) => (v === "" ? null : v),
    z.string().date("Expiration date must be a date").nullable().default(null),
  ),
});
