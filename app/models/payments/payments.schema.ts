import { z } from "zod";

/** A form's "false" is false (z.coerce.boolean would read any non-empty text as true). */
const flag = (fallback: boolean) =>
  z.preprocess((v) => (v === "false" || v === "0" ? false : v), z.coerce.boolean().default(fallback));

/** POST /api/jobs/{id}/pay-online: the spec's fields; notify, email and signature are accepted and not acted on yet (ADR 053). */
export const payOnlineSchema = z.object({
  note: z.string().trim().max(500, "Note must be at most 500 characters").optional().nullable(),
  notify: flag(false),
  email: z.string().trim().email("Email must be valid").optional().or(z.literal("")).nullable(),
  signature: z.string().max(200_000).optional().nullable(),
  useSavedCard: flag(true),
  paymentMethodId: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{4,100}$/, "paymentMethodId must be a saved card's id (pm_…)")
    .optional()
    .nullable(),
});
