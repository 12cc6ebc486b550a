import { z } from "zod";
import { signatureDataUrlField } from "~/models/signatures/signature-image.server";

/** A form's "false" is false (z.coerce.boolean would read any non-empty text as true). */
const flag = (fallback: boolean) =>
  z.preprocess((v) => (v === "false" || v === "0" ? false : v), z.coerce.boolean().default(fallback));

/**
 * POST /api/jobs/{id}/pay-online: the spec's fields. signature: the customer's drawn signature, recorded on
 * the job like POST jobs/{id}/sign; notify: a payment receipt by email after the charge, to `email` when
 * given, else to the customer's address (ADR 053).
 */
export const payOnlineSchema = z.object({
  note: z.string().trim().max(500, "Note must be at most 500 characters").optional().nullable(),
  notify: flag(false),
  email: z.string().trim().email("Email must be valid").optional().or(z.literal("")).nullable(),
  signature: signatureDataUrlField,
  useSavedCard: flag(true),
  paymentMethodId: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{4,100}$/, "paymentMethodId must be a saved card's id (pm_…)")
    .optional()
    .nullable(),
});
