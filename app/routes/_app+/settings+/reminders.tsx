import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import {
  reminderChannelOptions,
  reminderDayOptions,
  reminderSettingsSchema,
} from "~/models/messaging/reminder-settings.schema";
import { getReminderSettings, saveReminderSettings } from "~/models/messaging/reminder-settings.server";
import { db } from "~/db.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { screens } from "~/access/route-table";
import { InvoiceFollowUpsForm } from "~/components/invoice-follow-ups-form";
import { saveEstimateFollowUpsForm, saveInvoiceFollowUpsForm } from "~/routes/_app+/settings+/__follow-ups.server";
import { getInvoiceFollowUpSettings } from "~/models/invoices/invoice-follow-ups.server";
import { EstimateFollowUpsForm } from "~/components/estimate-follow-ups-form";
import { getEstimateFollowUpSettings } from "~/models/estimates/estimate-follow-ups.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const FORM_ID = "reminders";
const validator = withZod(reminderSettingsSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.settings.reminders);
  const settings = await getReminderSettings(db, ctx.companyId);
  const invoiceFollowUps = await getInvoiceFollowUpSettings(db, ctx.companyId);
  const estimateFollowUps = await getEstimateFollowUpSettings(db, ctx.companyId);
  return json({
    defaults: settings,
    invoiceFollowUps,
    estimateFollowUps,
    timezone: company.timezone,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.reminders);
  const formData = await request.formData();
  if (formData.get("intent") === "invoiceFollowUps") return saveInvoiceFollowUpsForm(ctx, formData);
  if (formData.get("intent") === "estimateFollowUps") return saveEstimateFollowUpsForm(ctx, formData);
  if (formData.get("intent") !== "save") unknownIntent();
  return submitForm(formData, validator, FORM_ID, async (input) => {
    await saveReminderSettings(ctx, input);
    return toasts().redirectWithSuccess("/settings/reminders", "Reminder settings were saved successfully!");
  });
}

/** Appointment reminders: on or off, which day, what local time, on which channels. */
export default function ReminderSettingsRoute() {
  const { defaults, timezone, invoiceFollowUps, estimateFollowUps } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Reminders" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <ValidatedForm id={FORM_ID} validator={validator} method="post" defaultValues={defaults} className="card stack">
        <input type="hidden" name="intent" value="save" />
        <h2>Appointment reminders</h2>
        <p className="muted">
          Sent to the customer before each scheduled visit whose job has &quot;Send appointment reminder&quot; checked.
        </p>
        <FormError formId={FORM_ID} />
        <CheckboxField name="appointmentRemindersOn" label="Send appointment reminders" />
        <SelectField name="appointmentDaysBefore" label="When" options={reminderDayOptions} />
        <TextField
          name="appointmentSendTime"
          label="Send time"
          type="time"
          hint={`Local time in ${timezone.replace(/_/g, " ")}. A reminder never goes later than an hour before the visit.`}
        />
        <SelectField name="appointmentChannel" label="Send by" options={reminderChannelOptions} />
        <div className="form-actions">
          <SubmitButton formId={FORM_ID}>Save</SubmitButton>
        </div>
      </ValidatedForm>
      <InvoiceFollowUpsForm settings={invoiceFollowUps} />
      <EstimateFollowUpsForm settings={estimateFollowUps} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Reminders | Settings | Fieldwise" }];
