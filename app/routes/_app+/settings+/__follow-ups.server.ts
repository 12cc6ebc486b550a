import { json } from "@remix-run/node";
import type { z } from "zod";
import type { CallerContext } from "~/access/access.server";
import { withoutPrototypeKeys } from "~/http/request-data.server";
import {
  estimateFollowUpSettingsSchema,
  saveEstimateFollowUpSettings,
} from "~/models/estimates/estimate-follow-ups.server";
import {
  invoiceFollowUpSettingsSchema,
  saveInvoiceFollowUpSettings,
} from "~/models/invoices/invoice-follow-ups.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

/**
 * A follow-ups form of /settings/reminders, posted with its intent: 400 with the errors and values
 * under that intent (where its form reads them), or saved with a toast.
 */
function followUpsForm<T extends z.ZodTypeAny>(
  intent: "invoiceFollowUps" | "estimateFollowUps",
  schema: T,
  save: (ctx: CallerContext, input: z.infer<T>) => Promise<unknown>,
  savedMessage: string,
) {
  return async (ctx: CallerContext, formData: FormData) => {
    const form = Object.fromEntries(withoutPrototypeKeys(formData));
    const input = schema.safeParse(form);
    if (!input.success)
      return json(
        { [intent]: { errors: fieldErrors(input.error), values: form as Record<string, string> } },
        { status: 400 },
      );
    await save(ctx, input.data);
    return toasts().redirectWithSuccess("/settings/reminders", savedMessage);
  };
}

export const saveInvoiceFollowUpsForm = followUpsForm(
  "invoiceFollowUps",
  invoiceFollowUpSettingsSchema,
  saveInvoiceFollowUpSettings,
  "Invoice follow-up settings were saved successfully!",
);

export const saveEstimateFollowUpsForm = followUpsForm(
  "estimateFollowUps",
  estimateFollowUpSettingsSchema,
  saveEstimateFollowUpSettings,
  "Estimate follow-up settings were saved successfully!",
);
