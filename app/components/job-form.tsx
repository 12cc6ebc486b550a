import {
  DocumentForm,
  documentFormState,
  NotesAndTagsSection,
  valueList,
  VisitFields,
  type DocumentFormProps,
} from "~/components/document-form";
import { frequencyLabels, setPositionLabels, weekdayLabels } from "~/models/jobs/jobs.schema";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField, type Option } from "~/components/form";
import { EMPTY_LINE, LineItemsSection } from "~/components/line-item-fields";

type JobValues = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };
export type JobFormProps = DocumentFormProps<JobValues> & {
  employees: Option[];
  tagOptions: Option[];
  /** False for a field tech, who never reads costs. */
  showCosts?: boolean;
  withSchedule: boolean;
};

const FREQUENCIES = [3, 2, 1, 0].map((f) => ({ value: f, label: frequencyLabels[f] }));
const SET_POSITIONS = [1, 2, 3, 4].map((p) => ({ value: p, label: setPositionLabels[p] }));
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** The job form (create and edit): a real form; adding a line posts an intent, so it works without JavaScript. */
export function JobForm(props: JobFormProps) {
  const { employees, tagOptions, showCosts = true, withSchedule } = props;
  // Errors are keyed by path (lineItems.0.name), the posted names are nested (lineItems[0].name).
  const form = documentFormState(props, "job", (v) => ({
    lineItems: v.lineItems?.length ? v.lineItems : [EMPTY_LINE],
  }));
  const { values, errors, field } = form;
  const recurrence = (values.recurrence ?? {}) as Record<string, unknown>;
  const selectedDays = valueList(recurrence.daysOfWeek);
  const ends = str(recurrence.ends) || "never";
  return (
    <DocumentForm
      {...props}
      form={form}
      className="stack job-form"
      header={
        <>
          <PlainTextField label="Job title" {...field("name")} hint="Defaults to the first line item" maxLength={255} />
          <PlainTextareaField label="Description" {...field("description")} rows={3} />
        </>
      }
    >
      <LineItemsSection
        idPrefix="job"
        lines={values.lineItems}
        field={field}
        showCosts={showCosts}
        priceItems={props.priceItems}
        taxRates={props.taxRates}
        error={errors.priceItemId}
      />

      {withSchedule ? (
        <section className="card stack">
          <h2>Schedule</h2>
          <VisitFields form={form} employees={employees} startHint="Leave empty for an unscheduled job" />
          <label>
            <input
              type="checkbox"
              name="sendAppointmentReminder"
              defaultChecked={values.sendAppointmentReminder === "on"}
            />{" "}
            Send appointment reminder
          </label>
          <label>
            <input type="checkbox" name="notify" defaultChecked={values.notify === "on"} /> Notify customer
          </label>
          <fieldset className="stack">
            <legend>Repeat</legend>
            <div className="grid-2">
              <PlainSelectField
                label="Frequency"
                {...field("recurrence.frequency")}
                placeholder="Never"
                options={FREQUENCIES}
              />
              <PlainTextField label="Every" {...field("recurrence.interval", "1")} inputMode="numeric" />
              <PlainSelectField
                label="On the"
                {...field("recurrence.setPosition")}
                hint="Monthly or yearly: with a weekday, e.g. the 2nd Tuesday"
                placeholder="Same day"
                options={SET_POSITIONS}
              />
            </div>
            <div className="row wrap" role="group" aria-label="Days of the week">
              {weekdayLabels.map((d, i) => (
                <label key={d} className="checkbox-row">
                  <input
                    type="checkbox"
                    name="recurrence.daysOfWeek"
                    value={i}
                    defaultChecked={selectedDays.includes(String(i))}
                  />{" "}
                  {d.slice(0, 3)}
                </label>
              ))}
            </div>
            <div className="row wrap" role="radiogroup" aria-label="Ends">
              <label>
                <input type="radio" name="recurrence.ends" value="never" defaultChecked={ends === "never"} /> Never ends
              </label>
              <label>
                <input type="radio" name="recurrence.ends" value="count" defaultChecked={ends === "count"} /> After
              </label>
              <input
                aria-label="Number of visits"
                name="recurrence.count"
                inputMode="numeric"
                size={4}
                defaultValue={str(recurrence.count)}
              />
              <label>
                <input type="radio" name="recurrence.ends" value="until" defaultChecked={ends === "until"} /> On
              </label>
              <input aria-label="End date" type="date" name="recurrence.until" defaultValue={str(recurrence.until)} />
            </div>
            {Object.entries(errors)
              .filter(([k]) => k.startsWith("recurrence"))
              .map(([k, m]) => (
                <FieldError key={k} error={m} />
              ))}
          </fieldset>
        </section>
      ) : null}

      <NotesAndTagsSection field={field} tagOptions={tagOptions} tags={values.tags} noTags="No job tags yet." />
    </DocumentForm>
  );
}
