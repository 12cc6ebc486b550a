import { Form } from "@remix-run/react";
import {
  CustomerSection,
  documentFieldAt,
  FormActions,
  FormAlert,
  NotesAndTagsSection,
} from "~/components/document-form";
import { frequencyLabels, setPositionLabels, weekdayLabels } from "~/models/jobs/jobs.schema";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField, type Option } from "~/components/form";
import {
  AddLineButtons,
  CheckboxList,
  LineItemFields,
  TaxAndDiscountFields,
  VisitTimeFields,
} from "~/components/line-item-fields";

export type JobFormProps = {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  employees: Option[];
  tagOptions: Option[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  /** False for a field tech, who never reads costs. */
  showCosts?: boolean;
  /** The job's stored values (edit). */
  loaded?: JobValues;
  /** The action's answer: after a refused save or a line intent, the posted values and errors. */
  posted?: { values?: JobValues; errors?: Record<string, string> };
  withSchedule: boolean;
  submitLabel: string;
  cancelTo: string;
};
type JobValues = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

const FREQUENCIES = [3, 2, 1, 0].map((f) => ({ value: f, label: frequencyLabels[f] }));
const SET_POSITIONS = [1, 2, 3, 4].map((p) => ({ value: p, label: setPositionLabels[p] }));
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === "" ? [] : [String(v)]);

/** The job form (create and edit): a real form; adding a line posts an intent, so it works without JavaScript. */
export function JobForm({
  loaded,
  posted,
  customer,
  addresses,
  employees,
  tagOptions,
  priceItems,
  taxRates,
  showCosts = true,
  withSchedule,
  submitLabel,
  cancelTo,
}: JobFormProps) {
  const values = posted?.values ?? loaded ?? {};
  const errors = posted?.errors ?? {};
  const lines = values.lineItems?.length
    ? values.lineItems
    : [{ name: "", quantity: "1", unitPrice: "", cost: "", isTaxable: "", kind: "1", description: "" }];
  const recurrence = (values.recurrence ?? {}) as Record<string, unknown>;
  const selectedEmployees = list(values.employeeIds);
  const selectedTags = list(values.tags);
  const selectedDays = list(recurrence.daysOfWeek);
  const ends = str(recurrence.ends) || "never";
  // Errors are keyed by path (lineItems.0.name), the posted names are nested (lineItems[0].name).
  const shown = { ...values, lineItems: lines };
  const field = documentFieldAt("job", shown, errors);
  return (
    <Form method="post" className="stack job-form" noValidate>
      <FormAlert error={errors._global} />
      <CustomerSection customer={customer} addresses={addresses} field={field} error={errors.customerId}>
        <PlainTextField label="Job title" {...field("name")} hint="Defaults to the first line item" maxLength={255} />
        <PlainTextareaField label="Description" {...field("description")} rows={3} />
      </CustomerSection>

      <section className="card stack">
        <h2>Line items</h2>
        {lines.map((line, i) => (
          <LineItemFields
            key={i}
            prefix={`lineItems[${i}]`}
            errorPrefix={`lineItems.${i}`}
            label={`Line ${i + 1}`}
            line={line}
            field={field}
            showCosts={showCosts}
            removeIntent={`removeLine:${i}`}
          />
        ))}
        <AddLineButtons
          idPrefix="job"
          selectName="priceItemId"
          priceItems={priceItems}
          addIntent="addLine"
          priceIntent="addPriceItem"
          error={errors.priceItemId}
        />
        <TaxAndDiscountFields idPrefix="job" field={field} taxRates={taxRates} />
      </section>

      {withSchedule ? (
        <section className="card stack">
          <h2>Schedule</h2>
          <VisitTimeFields
            field={field}
            allDay={values.isAllDay === "on"}
            startHint="Leave empty for an unscheduled job"
          />
          <CheckboxList
            legend="Assigned employees"
            name="employeeIds"
            options={employees}
            selected={selectedEmployees}
            error={errors.employeeIds}
          />
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

      <NotesAndTagsSection
        field={field}
        tagOptions={tagOptions}
        selectedTags={selectedTags}
        noTags="No job tags yet."
      />
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
