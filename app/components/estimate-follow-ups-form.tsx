import { Form, useActionData } from "@remix-run/react";
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

type Posted = { estimateFollowUps?: { errors: Record<string, string>; values: Record<string, string> } };

/**
 * Estimate follow-ups on /settings/reminders: off or N days after sending, then reminders every
 * 24/48/72 hours (at most three); the channel is the invoice follow-ups' one. A plain form.
 */
export function EstimateFollowUpsForm({
  settings,
}: {
  settings: { estimateFollowUpDays: number | null; estimateReminderHours: number };
}) {
  const posted = useActionData<Posted>()?.estimateFollowUps;
  const errors = posted?.errors ?? {};
  const values = posted?.values;
  return (
    <Form method="post" className="card stack" aria-label="Estimate follow-ups">
      <h2>Estimate follow-ups</h2>
      <p className="muted">
        A reminder with the estimate link to customers who have not answered a sent estimate, at 9:00 am, then up to
        three more reminders. Sent by the follow-up channel above.
      </p>
      <PlainSelectField
        id="estimate-follow-up-days"
        label="Estimate follow-up"
        name="estimateFollowUpDays"
        placeholder="Off"
        options={DAY_OPTIONS}
        defaultValue={values?.estimateFollowUpDays ?? (settings.estimateFollowUpDays ?? "").toString()}
        error={errors.estimateFollowUpDays}
      />
      <PlainSelectField
        id="estimate-reminder-hours"
        label="Then remind"
        name="estimateReminderHours"
        options={HOUR_OPTIONS}
        defaultValue={values?.estimateReminderHours ?? String(settings.estimateReminderHours)}
        error={errors.estimateReminderHours}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" name="intent" value="estimateFollowUps">
          Set estimate follow-ups
        </button>
      </div>
    </Form>
  );
}
