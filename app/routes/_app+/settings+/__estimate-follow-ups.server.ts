import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { withoutPrototypeKeys } from "~/http/request-data.server";
import {
  estimateFollowUpSettingsSchema,
  saveEstimateFollowUpSettings,
} from "~/models/estimates/estimate-follow-ups.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

/** The estimate follow-ups form of /settings/reminders: 400 with the errors and values, or saved with a toast. */
export async function saveEstimateFollowUpsForm(ctx: CallerContext, formData: FormData) {
  const form = Object.fromEntries(withoutPrototypeKeys(formData));
  const input = estimateFollowUpSettingsSchema.safeParse(form);
  if (!input.success)
    return json(
      { estimateFollowUps: { errors: fieldErrors(input.error), values: form as Record<string, string> } },
      { status: 400 },
    );
  await saveEstimateFollowUpSettings(ctx, input.data);
  return toasts().redirectWithSuccess("/settings/reminders", "Estimate follow-up settings were saved successfully!");
}
