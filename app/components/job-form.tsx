import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { frequencyLabels, setPositionLabels, weekdayLabels } from "~/models/jobs/jobs.schema";
import { formatMoney } from "~/utils/format";

type Option = { value: string | number; label: string };
export type JobFormProps = {
  values: Record<string, unknown> & { lineItems?: Array<Record<string, string>> };
  errors: Record<string, string>;
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  employees: Option[];
  tagOptions: Option[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  /** False for a field tech, who never reads costs. */
  showCosts?: boolean;
  withSchedule: boolean;
  submitLabel: string;
  cancelTo: string;
};

const ARRIVAL_WINDOWS = [0, 30, 60, 120, 180, 240];
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === "" ? [] : [String(v)]);

function Field({
  label,
  name,
  errors,
  children,
  hint,
}: {
  label: string;
  name: string;
  errors: Record<string, string>;
  children: ReactNode;
  hint?: string;
}) {
  const id = `job-${name.replace(/[^\w-]/g, "-")}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p className="field-hint">{hint}</p> : null}
      {errors[name] ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

/** The job form (create and edit): a real form; adding a line posts an intent, so it works without JavaScript. */
export function JobForm({
  values,
  errors,
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
  const lines = values.lineItems?.length
    ? values.lineItems
    : [{ name: "", quantity: "1", unitPrice: "", cost: "", isTaxable: "", kind: "1", description: "" }];
  const recurrence = (values.recurrence ?? {}) as Record<string, unknown>;
  const selectedEmployees = list(values.employeeIds);
  const selectedTags = list(values.tags);
  const selectedDays = list(recurrence.daysOfWeek);
  const ends = str(recurrence.ends) || "never";
  const err = (name: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `job-${name.replace(/[^\w-]/g, "-")}-error` } : {};
  return (
    <Form method="post" className="stack job-form" noValidate>
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      <input type="hidden" name="customerId" value={customer.id} />
      <section className="card stack">
        <h2>Customer</h2>
        <p>
          <strong>{customer.name}</strong>
        </p>
        {errors.customerId ? (
          <p className="field-error" role="alert">
            {errors.customerId}
          </p>
        ) : null}
        <Field label="Property" name="customerAddressId" errors={errors}>
          <select
            id="job-customerAddressId"
            name="customerAddressId"
            defaultValue={str(values.customerAddressId)}
            {...err("customerAddressId")}
          >
            <option value="">{addresses.length ? "Billing address" : "No property"}</option>
            {addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {a.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Job title" name="name" errors={errors} hint="Defaults to the first line item">
          <input id="job-name" name="name" defaultValue={str(values.name)} maxLength={255} {...err("name")} />
        </Field>
        <Field label="Description" name="description" errors={errors}>
          <textarea
            id="job-description"
            name="description"
            defaultValue={str(values.description)}
            rows={3}
            {...err("description")}
          />
        </Field>
      </section>

      <section className="card stack">
        <h2>Line items</h2>
        {lines.map((line, i) => (
          <fieldset key={i} className="line-item">
            <legend>Line {i + 1}</legend>
            <input type="hidden" name={`lineItems[${i}].priceListItemId`} value={str(line.priceListItemId)} />
            <div className="grid-2">
              <Field label="Name" name={`lineItems.${i}.name`} errors={errors}>
                <input
                  id={`job-lineItems-${i}-name`}
                  name={`lineItems[${i}].name`}
                  defaultValue={str(line.name)}
                  {...err(`lineItems.${i}.name`)}
                />
              </Field>
              <Field label="Kind" name={`lineItems.${i}.kind`} errors={errors}>
                <select
                  id={`job-lineItems-${i}-kind`}
                  name={`lineItems[${i}].kind`}
                  defaultValue={str(line.kind) || "1"}
                >
                  <option value="1">Service</option>
                  <option value="0">Material</option>
                </select>
              </Field>
              <Field label="Quantity" name={`lineItems.${i}.quantity`} errors={errors}>
                <input
                  id={`job-lineItems-${i}-quantity`}
                  name={`lineItems[${i}].quantity`}
                  inputMode="decimal"
                  defaultValue={str(line.quantity) || "1"}
                  {...err(`lineItems.${i}.quantity`)}
                />
              </Field>
              <Field label="Unit price ($)" name={`lineItems.${i}.unitPrice`} errors={errors}>
                <input
                  id={`job-lineItems-${i}-unitPrice`}
                  name={`lineItems[${i}].unitPrice`}
                  inputMode="decimal"
                  defaultValue={str(line.unitPrice)}
                  {...err(`lineItems.${i}.unitPrice`)}
                />
              </Field>
              {showCosts ? (
                <Field label="Cost ($)" name={`lineItems.${i}.cost`} errors={errors}>
                  <input
                    id={`job-lineItems-${i}-cost`}
                    name={`lineItems[${i}].cost`}
                    inputMode="decimal"
                    defaultValue={str(line.cost)}
                    {...err(`lineItems.${i}.cost`)}
                  />
                </Field>
              ) : null}
              <div className="field field-checkbox">
                <label>
                  <input
                    type="checkbox"
                    name={`lineItems[${i}].isTaxable`}
                    defaultChecked={line.isTaxable === "on" || line.isTaxable === "true"}
                  />{" "}
                  Taxable
                </label>
              </div>
            </div>
            <Field label="Line description" name={`lineItems.${i}.description`} errors={errors}>
              <input
                id={`job-lineItems-${i}-description`}
                name={`lineItems[${i}].description`}
                defaultValue={str(line.description)}
              />
            </Field>
            <button type="submit" name="intent" value={`removeLine:${i}`} className="button button-link" formNoValidate>
              Remove line {i + 1}
            </button>
          </fieldset>
        ))}
        <div className="row wrap">
          <button type="submit" name="intent" value="addLine" className="button" formNoValidate>
            Add line
          </button>
          {priceItems.length ? (
            <>
              <label htmlFor="job-priceItemId" className="visually-hidden">
                Price book item
              </label>
              <select id="job-priceItemId" name="priceItemId" defaultValue="">
                <option value="">From the price book…</option>
                {priceItems.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({formatMoney(p.priceCents)})
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="addPriceItem" className="button" formNoValidate>
                Add item
              </button>
            </>
          ) : null}
        </div>
        {errors.priceItemId ? (
          <p className="field-error" role="alert">
            {errors.priceItemId}
          </p>
        ) : null}
        <div className="grid-2">
          <Field label="Tax rate (%)" name="taxRate" errors={errors}>
            <input
              id="job-taxRate"
              name="taxRate"
              inputMode="decimal"
              list={taxRates.length ? "job-tax-rates" : undefined}
              defaultValue={str(values.taxRate)}
              {...err("taxRate")}
            />
            {/* The company's tax rates as suggestions: a datalist needs no script. */}
            {taxRates.length ? (
              <datalist id="job-tax-rates">
                {taxRates.map((t) => (
                  <option key={t.id} value={t.rate}>
                    {t.name}
                  </option>
                ))}
              </datalist>
            ) : null}
          </Field>
          <Field label="Discount ($)" name="discount" errors={errors} hint="Capped at the subtotal">
            <input
              id="job-discount"
              name="discount"
              inputMode="decimal"
              defaultValue={str(values.discount)}
              {...err("discount")}
            />
          </Field>
        </div>
      </section>

      {withSchedule ? (
        <section className="card stack">
          <h2>Schedule</h2>
          <div className="grid-2">
            <Field label="Start" name="startTime" errors={errors} hint="Leave empty for an unscheduled job">
              <input
                id="job-startTime"
                type="datetime-local"
                name="startTime"
                defaultValue={str(values.startTime)}
                {...err("startTime")}
              />
            </Field>
            <Field label="End" name="endTime" errors={errors}>
              <input
                id="job-endTime"
                type="datetime-local"
                name="endTime"
                defaultValue={str(values.endTime)}
                {...err("endTime")}
              />
            </Field>
          </div>
          <label>
            <input type="checkbox" name="isAllDay" defaultChecked={values.isAllDay === "on"} /> All day
          </label>
          <Field label="Arrival window" name="arrivalWindowOffset" errors={errors}>
            <select
              id="job-arrivalWindowOffset"
              name="arrivalWindowOffset"
              defaultValue={str(values.arrivalWindowOffset) || "0"}
            >
              {ARRIVAL_WINDOWS.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? "None" : m < 60 ? `${m} minutes` : `${m / 60} hour${m > 60 ? "s" : ""}`}
                </option>
              ))}
            </select>
          </Field>
          <fieldset>
            <legend>Assigned employees</legend>
            {employees.map((e) => (
              <label key={e.value} className="checkbox-row">
                <input
                  type="checkbox"
                  name="employeeIds"
                  value={e.value}
                  defaultChecked={selectedEmployees.includes(String(e.value))}
                />{" "}
                {e.label}
              </label>
            ))}
            {errors.employeeIds ? (
              <p className="field-error" role="alert">
                {errors.employeeIds}
              </p>
            ) : null}
          </fieldset>
          <label>
            <input
              type="checkbox"
              name="sendAppointmentReminder"
              defaultChecked={values.sendAppointmentReminder === "on"}
            />{" "}
            Send appointment reminder
          </label>
          <fieldset className="stack">
            <legend>Repeat</legend>
            <div className="grid-2">
              <Field label="Frequency" name="recurrence.frequency" errors={errors}>
                <select
                  id="job-recurrence-frequency"
                  name="recurrence.frequency"
                  defaultValue={str(recurrence.frequency)}
                >
                  <option value="">Never</option>
                  {[3, 2, 1, 0].map((f) => (
                    <option key={f} value={f}>
                      {frequencyLabels[f]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Every" name="recurrence.interval" errors={errors}>
                <input
                  id="job-recurrence-interval"
                  name="recurrence.interval"
                  inputMode="numeric"
                  defaultValue={str(recurrence.interval) || "1"}
                />
              </Field>
              <Field
                label="On the"
                name="recurrence.setPosition"
                errors={errors}
                hint="Monthly or yearly: with a weekday, e.g. the 2nd Tuesday"
              >
                <select
                  id="job-recurrence-setPosition"
                  name="recurrence.setPosition"
                  defaultValue={str(recurrence.setPosition)}
                >
                  <option value="">Same day</option>
                  {[1, 2, 3, 4].map((p) => (
                    <option key={p} value={p}>
                      {setPositionLabels[p]}
                    </option>
                  ))}
                </select>
              </Field>
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
                <p key={k} className="field-error" role="alert">
                  {m}
                </p>
              ))}
          </fieldset>
        </section>
      ) : null}

      <section className="card stack">
        <h2>Notes and tags</h2>
        <fieldset>
          <legend>Tags</legend>
          {tagOptions.length === 0 ? <p className="muted">No job tags yet.</p> : null}
          {tagOptions.map((t) => (
            <label key={t.value} className="checkbox-row">
              <input
                type="checkbox"
                name="tags"
                value={t.value}
                defaultChecked={selectedTags.includes(String(t.value))}
              />{" "}
              {t.label}
            </label>
          ))}
        </fieldset>
        <Field label="Private notes" name="privateNotes" errors={errors} hint="Only your team sees these">
          <textarea id="job-privateNotes" name="privateNotes" defaultValue={str(values.privateNotes)} rows={3} />
        </Field>
        <Field label="Message to the customer" name="message" errors={errors}>
          <textarea id="job-message" name="message" defaultValue={str(values.message)} rows={3} />
        </Field>
      </section>
      <div className="row">
        <a className="button" href={cancelTo}>
          Cancel
        </a>
        <button type="submit" name="intent" value="save" className="button button-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
