import { Link, useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useField, ValidatedForm } from "remix-validated-form";
import {
  CheckboxField,
  FieldError,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
} from "~/components/form";
import { EditScope, editScopeLabels, setPositionLabels, weekdayLabels } from "~/models/jobs/jobs.schema";
import { END_OPTIONS, MONTH_NAMES, RECURRENCE_OPTIONS, scheduleFormSchema } from "~/models/schedule/schedule.schema";

export const SCHEDULE_FORM_ID = "job-schedule";
const validator = withZod(scheduleFormSchema);

export type ScheduleFormDefaults = Record<string, unknown> & { employeeIds: number[] };
type EmployeeChoice = { id: number; name: string; color: string | null };

/**
 * One checkbox or radio of a group. Checked from the values the server sent back after a failed
 * post (kept without JavaScript), else from the page's defaults.
 */
function Choice({
  name,
  value,
  label,
  type = "checkbox",
  disabled,
  defaults,
}: {
  name: string;
  value: string | number;
  label: React.ReactNode;
  type?: "checkbox" | "radio";
  disabled?: boolean;
  defaults: Record<string, unknown>;
}) {
  const { getInputProps } = useField(name, { formId: SCHEDULE_FORM_ID });
  const posted = useActionData<{ repopulateFields?: Record<string, unknown> }>()?.repopulateFields;
  const current = posted ? posted[name] : defaults[name];
  const chosen = (Array.isArray(current) ? current : current === undefined || current === null ? [] : [current]).map(
    String,
  );
  const { defaultChecked: _ignored, ...props } = getInputProps<React.InputHTMLAttributes<HTMLInputElement>>({
    type,
    value: String(value),
    disabled,
  });
  return (
    <label className="checkbox">
      <input {...props} defaultChecked={chosen.includes(String(value))} />
      {label}
    </label>
  );
}

function GroupError({ name }: { name: string }) {
  const { error } = useField(name, { formId: SCHEDULE_FORM_ID });
  return <FieldError error={error} />;
}

/** A whole number of the schedule form. */
function NumberField(props: Omit<React.ComponentProps<typeof TextField>, "formId" | "type">) {
  return <TextField formId={SCHEDULE_FORM_ID} type="number" {...props} />;
}

/** A time typed as text (hh:mm am/pm), shown only for a timed visit. */
function TimeField(props: { name: string; label: string; placeholder: string; hint: string }) {
  return <TextField formId={SCHEDULE_FORM_ID} autoComplete="off" className="timed-only" {...props} />;
}

/**
 * The schedule screen's form (POST jobs/schedule fields): when, who, repeat, notifications and,
 * for a visit of a series, which visits the change applies to. Works without JavaScript: every
 * repeat option is a plain field; CSS shows the ones that apply to the chosen frequency.
 */
export function ScheduleForm({
  defaults,
  employees,
  lockedEmployees,
  inSeries,
  cancelTo,
}: {
  defaults: ScheduleFormDefaults;
  employees: EmployeeChoice[];
  /** A field tech keeps the job's assignment; the employees are shown, not chosen. */
  lockedEmployees: boolean;
  inSeries: boolean;
  cancelTo: string;
}) {
  const f = SCHEDULE_FORM_ID;
  return (
    <ValidatedForm
      id={f}
      validator={validator}
      method="post"
      defaultValues={defaults}
      className="form schedule-form"
      noValidate
    >
      <FormError formId={f} />
      {/* Where to go after saving survives a failed post (the form may post without the page's query). */}
      <input type="hidden" name="returnTo" value={cancelTo} />
      <fieldset className="card form-grid">
        <legend>When</legend>
        <CheckboxField formId={f} name="isAllDay" label="All day" className="span-2" />
        <TextField formId={f} name="startDate" label="Start date" type="date" required />
        <TimeField name="startTime" label="Start time" placeholder="09:00 am" hint="hh:mm am or pm" />
        <TextField formId={f} name="endDate" label="End date" type="date" />
        <TimeField name="endTime" label="End time" placeholder="10:00 am" hint="Leave empty for one hour" />
        <NumberField
          name="arrivalWindowOffset"
          label="Arrival window (minutes)"
          min={0}
          max={1440}
          step={15}
          hint="How long after the start the technician may arrive"
        />
        <CheckboxField formId={f} name="setArrivalWindowOffsetAsDefault" label="Set as default" />
      </fieldset>

      <fieldset className="card">
        <legend>Employees</legend>
        <div className="row">
          {employees.map((e) => (
            <Choice
              defaults={defaults}
              key={e.id}
              name="employeeIds"
              value={e.id}
              disabled={lockedEmployees}
              label={
                <>
                  <span className="swatch" style={{ background: e.color ?? undefined }} aria-hidden="true" /> {e.name}
                </>
              }
            />
          ))}
        </div>
        {lockedEmployees
          ? defaults.employeeIds.map((id) => <input key={id} type="hidden" name="employeeIds" value={id} />)
          : null}
        {lockedEmployees ? <p className="field-hint">Only the office can change who is assigned.</p> : null}
        <GroupError name="employeeIds" />
      </fieldset>

      <fieldset className="card form-grid recurrence">
        <legend>Repeat</legend>
        <SelectField formId={f} name="recurrenceOption" label="Repeats" options={RECURRENCE_OPTIONS} />
        <NumberField
          name="interval"
          label="Every (days, weeks, months or years)"
          min={1}
          max={99}
          className="repeat-any"
        />
        <fieldset className="field span-2 repeat-weekly">
          <legend className="label">On (weekly)</legend>
          <div className="row">
            {weekdayLabels.map((day, i) => (
              <Choice defaults={defaults} key={day} name="weekDays" value={i} label={day.slice(0, 3)} />
            ))}
          </div>
          <GroupError name="weekDays" />
        </fieldset>
        <fieldset className="field span-2 repeat-monthly">
          <legend className="label">On (monthly and yearly)</legend>
          <div className="row">
            <Choice defaults={defaults} type="radio" name="on" value="day" label="Day of the month" />
            <NumberField name="day" label="Day" min={1} max={31} hint="Empty: the start date's day" />
          </div>
          <div className="row">
            <Choice defaults={defaults} type="radio" name="on" value="weekday" label="The" />
            <SelectField
              formId={f}
              name="order"
              label="Week"
              options={[1, 2, 3, 4].map((n) => ({ value: n, label: setPositionLabels[n] }))}
              placeholder="Choose"
            />
            <SelectField
              formId={f}
              name="weekDay"
              label="Week day"
              options={weekdayLabels.map((d, i) => ({ value: i, label: d }))}
              placeholder="Choose"
            />
          </div>
          <GroupError name="order" />
        </fieldset>
        <SelectField
          formId={f}
          name="month"
          label="Month (yearly)"
          options={MONTH_NAMES.map((m, i) => ({ value: i + 1, label: m }))}
          placeholder="The start date's month"
          className="repeat-yearly"
        />
        <fieldset className="field span-2 repeat-any">
          <legend className="label">Ends</legend>
          <div className="row">
            {END_OPTIONS.map((o) => (
              <Choice defaults={defaults} key={o.value} type="radio" name="endOption" value={o.value} label={o.label} />
            ))}
          </div>
          <div className="form-grid">
            <NumberField name="count" label="After (number of visits)" min={1} />
            <TextField formId={f} name="until" label="On date" type="date" />
          </div>
        </fieldset>
      </fieldset>

      <fieldset className="card stack">
        <legend>Details and notifications</legend>
        <TextareaField formId={f} name="description" label="Visit description" rows={3} />
        <CheckboxField formId={f} name="sendAppointmentReminder" label="Send appointment reminder" />
        <CheckboxField formId={f} name="notify" label="Notify customer" />
      </fieldset>

      {inSeries ? (
        <fieldset className="card">
          <legend>This visit repeats. Apply the changes to</legend>
          <div className="row">
            {([EditScope.OnlyThis, EditScope.ThisAndFollowing, EditScope.All] as const).map((scope) => (
              <Choice
                defaults={defaults}
                key={scope}
                type="radio"
                name="recurrentEventEditOption"
                value={scope}
                label={editScopeLabels[scope]}
              />
            ))}
          </div>
          <GroupError name="recurrentEventEditOption" />
        </fieldset>
      ) : null}

      <div className="modal-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <SubmitButton formId={f} busyText="Saving...">
          Save
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}
