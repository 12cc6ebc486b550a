/**
 * The events a webhook endpoint can subscribe to (exact names integrators match on). Data, so the
 * screen's checkboxes, the schema and the README list the same names.
 */
export const WEBHOOK_EVENTS = [
  { type: "customer.created", label: "Customer created" },
  { type: "customer.updated", label: "Customer updated" },
  { type: "job.created", label: "Job created" },
  { type: "job.updated", label: "Job updated" },
  { type: "job.status_changed", label: "Job status changed" },
  { type: "estimate.created", label: "Estimate created" },
  { type: "estimate.approved", label: "Estimate approved" },
  { type: "estimate.declined", label: "Estimate declined" },
  { type: "invoice.created", label: "Invoice created" },
  { type: "invoice.sent", label: "Invoice sent" },
  { type: "invoice.paid", label: "Invoice paid" },
  { type: "payment.created", label: "Payment created" },
  { type: "booking_request.created", label: "Booking request created" },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"];

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map((e) => e.type) as [WebhookEventType, ...WebhookEventType[]];

/** Sent by 'Send test event' to one endpoint only, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
