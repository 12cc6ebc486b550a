import { FollowUpsForm } from "~/components/follow-ups-form";
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

/** Invoice follow-ups on /settings/reminders: off, on the due date or N days after; the channel. A plain form (works without JavaScript). */
export function InvoiceFollowUpsForm({
  settings,
}: {
  settings: { invoiceFollowUpDays: number | null; followUpChannel: number };
}) {
  return (
    <FollowUpsForm
      intent="invoiceFollowUps"
      title="Invoice follow-ups"
      intro="A reminder with the payment link to customers whose sent invoice is still unpaid, at 9:00 am."
      submitLabel="Set follow-ups"
      fields={(field) => (
        <>
          <PlainSelectField
            label="Invoice follow-up"
            {...field("invoice-follow-up-days", "invoiceFollowUpDays", String(settings.invoiceFollowUpDays ?? ""))}
            placeholder="Off"
            options={DAY_OPTIONS}
          />
          <PlainSelectField
            label="Send follow-ups by"
            {...field("invoice-follow-up-channel", "followUpChannel", String(settings.followUpChannel))}
            options={CHANNEL_OPTIONS}
          />
        </>
      )}
    />
  );
}
