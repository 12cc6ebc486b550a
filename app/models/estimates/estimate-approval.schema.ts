import { z } from "zod";
import { signatureDataUrlField } from "~/models/signatures/signature-image.server";
import { LINE_ITEMS_MAX } from "~/models/line-items/line-items.schema";
import { messages } from "~/utils/validation";

export const SIGNER_NAME_MAX = 120;
export const DECLINE_REASON_MAX = 1000;

/** The public token of an estimate (base64url, app/models/jobs/job-series.server newPublicToken). */
export const estimateTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

const id = z.coerce.number().int().positive().max(2_147_483_647);
const requiredOption = z.coerce
  .number({ required_error: "Choose an option", invalid_type_error: "Choose an option" })
  .int()
  .positive("Choose an option")
  .max(2_147_483_647, "Choose an option");

/** One id or several (a form posts a repeated field; a single tick arrives as a string). */
const idsField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(id).max(LINE_ITEMS_MAX),
);

/**
 * POST /api/client/{token}/sign and the page's Approve button: the chosen option, the optional
 * lines the customer approves, the typed name, and a drawn signature (PNG or JPEG data URL) when
 * the page ran JavaScript.
 */
export const estimateApproveSchema = z.object({
  optionId: requiredOption,
  approvedLineItemIds: idsField,
  name: z
    .string({ required_error: "Type your name to approve", invalid_type_error: "Type your name to approve" })
    .trim()
    .min(1, "Type your name to approve")
    .max(SIGNER_NAME_MAX, messages.max("Name", SIGNER_NAME_MAX)),
  signature: signatureDataUrlField,
});
export type EstimateApproveInput = z.infer<typeof estimateApproveSchema>;

/** The page's Decline button: an optional reason. */
export const estimateDeclineSchema = z.object({
  reason: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().trim().max(DECLINE_REASON_MAX, messages.max("Reason", DECLINE_REASON_MAX)).optional(),
  ),
});
export type EstimateDeclineInput = z.infer<typeof estimateDeclineSchema>;

/** The page's "Update total" button (without JavaScript): the current choice, nothing is stored. */
export const estimateChoiceSchema = z.object({
  optionId: requiredOption.optional().catch(undefined),
  approvedLineItemIds: idsField.catch([]),
});
