import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { withoutPrototypeKeys } from "~/http/request-data.server";
import {
  invoiceFollowUpSettingsSchema,
  saveInvoiceFollowUpSettings,
} from "~/models/invoices/invoice-follow-ups.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

/** The invoice follow-ups form of /settings/reminders: 400 with the errors and values, or saved with a toast. */
export async function saveInvoiceFollowUpsForm(ctx: CallerContext, formData: FormData) {
  const form = Object.fromEntries(withoutPrototypeKeys(formData));
  const input = invoiceFollowUpSettingsSchema.safeParse(form);
  if (!input.success)
    return json(
      { invoiceFollowUps: { errors: fieldErrors(input.error), values: form as Record<string, string> } },
      { status: 400 },
    );
  await saveInvoiceFollowUpSettings(ctx, input.data);
  return toasts().redirectWithSuccess("/settings/reminders", "Invoice follow-up settings were saved successfully!");
}
