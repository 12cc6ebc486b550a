import { FollowUpsForm } from "~/components/follow-ups-form";
import { PlainSelectField } from "~/components/form";

const DAY_OPTIONS = [1, 2, 3, 5, 7, 14, 30].map((d) => ({
  value: d,
  label: `${d} day${d === 1 ? "" : "s"} after sending`,
}));
const HOUR_OPTIONS = [
  { value: 0, label: "No reminders" },
  { value: 24, label: "Every 24 hours" },
  { value: 48, label: "Every 48 hours" },
  { value: 72, label: "Every 72 hours" },
];

/**
 * Estimate follow-ups on /settings/reminders: off or N days after sending, then reminders every
 * 24/48/72 hours (at most three); the channel is the invoice follow-ups' one. A plain form.
 */
export function EstimateFollowUpsForm({
  settings,
}: {
  settings: { estimateFollowUpDays: number | null; estimateReminderHours: number };
}) {
  return (
    <FollowUpsForm
      intent="estimateFollowUps"
      title="Estimate follow-ups"
      intro="A reminder with the estimate link to customers who have not answered a sent estimate, at 9:00 am, then up to three more reminders. Sent by the follow-up channel above."
      submitLabel="Set estimate follow-ups"
      fields={(field) => (
        <>
          <PlainSelectField
            label="Estimate follow-up"
            {...field("estimate-follow-up-days", "estimateFollowUpDays", String(settings.estimateFollowUpDays ?? ""))}
            placeholder="Off"
            options={DAY_OPTIONS}
          />
          <PlainSelectField
            label="Then remind"
            {...field("estimate-reminder-hours", "estimateReminderHours", String(settings.estimateReminderHours))}
            options={HOUR_OPTIONS}
          />
        </>
      )}
    />
  );
}
