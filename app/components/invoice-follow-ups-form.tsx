import { Form, useActionData } from "@remix-run/react";
import { PlainSelectField } from "~/components/form";

const DAY_OPTIONS = [
  { value: 0, label: "On the due date" },
  ...[1, 2, 3, 5, 7, 14, 30].map((d) => ({ value: d, label: `${d} day${d === 1 ? "" : "s"} after the due date` })),
];
const CHANNEL_OPTIONS = [
  { value: 1, label: "Text" },
  { value: 2, label: "Email" },
  { value: 3, label: "Text and email" },
];

type Posted = { invoiceFollowUps?: { errors: Record<string, string>; values: Record<string, string> } };

/** Invoice follow-ups on /settings/reminders: off, on the due date or N days after; the channel. A plain form (works without JavaScript). */
export function InvoiceFollowUpsForm({
  settings,
}: {
  settings: { invoiceFollowUpDays: number | null; followUpChannel: number };
}) {
  const posted = useActionData<Posted>()?.invoiceFollowUps;
  const errors = posted?.errors ?? {};
  const values = posted?.values;
  return (
    <Form method="post" className="card stack" aria-label="Invoice follow-ups">
      <h2>Invoice follow-ups</h2>
      <p className="muted">
        A reminder with the payment link to customers whose sent invoice is still unpaid, at 9:00 am.
      </p>
      <PlainSelectField
        id="invoice-follow-up-days"
        label="Invoice follow-up"
        name="invoiceFollowUpDays"
        placeholder="Off"
        options={DAY_OPTIONS}
        defaultValue={values?.invoiceFollowUpDays ?? (settings.invoiceFollowUpDays ?? "").toString()}
        error={errors.invoiceFollowUpDays}
      />
      <PlainSelectField
        id="invoice-follow-up-channel"
        label="Send follow-ups by"
        name="followUpChannel"
        options={CHANNEL_OPTIONS}
        defaultValue={values?.followUpChannel ?? String(settings.followUpChannel)}
        error={errors.followUpChannel}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" name="intent" value="invoiceFollowUps">
          Set follow-ups
        </button>
      </div>
    </Form>
  );
}
