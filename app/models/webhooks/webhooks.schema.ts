import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "~/models/webhooks/event-types";

/** An endpoint as the 'Add endpoint' form posts it; the URL's safety is checked on the server (url-safety). */
export const webhookEndpointSchema = z.object({
  url: z
    .string({ required_error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000, "URL is too long")
    .url("Enter a full URL, like https://example.com/webhooks"),
  description: z
    .string()
    .trim()
    .max(200, "Description is too long")
    .optional()
    .transform((v) => v || null),
  eventTypes: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(WEBHOOK_EVENT_TYPES, { errorMap: () => ({ message: "Unknown event" }) })),
  ),
});

export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

/** The date range of the accounting exports (YYYY-MM-DD, inclusive). */
export const exportRangeSchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date"),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date"),
  })
  .refine((r) => r.from <= r.to, { message: "The start date must be on or before the end date", path: ["to"] });
