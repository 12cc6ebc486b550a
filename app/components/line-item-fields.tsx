import type { ReactNode } from "react";
import { FieldError, PlainSelectField, PlainTextField, type Option } from "~/components/form";
import { formatMoney } from "~/utils/format";

export type FieldProps = { id: string; name: string; error?: string; defaultValue: string };
/** The props of a field at a path of the form's values (`lineItems.0.name` posted as `lineItems[0].name`). */
export type FieldAt = (key: string, fallback?: string, name?: string) => FieldProps;

const KINDS = [
  { value: "1", label: "Service" },
  { value: "0", label: "Material" },
];
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
export const isChecked = (v: unknown) => v === "on" || v === "true" || v === true;

/**
 * One line item of a document form (job, estimate option): its fields at `prefix` (lineItems[2]
 * or options[0].lineItems[2]) and a submit button removing it, so it works without JavaScript.
 */
export function LineItemFields({
  prefix,
  errorPrefix,
  label,
  line,
  field,
  showCosts,
  removeIntent,
  children,
}: {
  prefix: string;
  errorPrefix: string;
  label: string;
  line: Record<string, unknown>;
  field: FieldAt;
  showCosts: boolean;
  removeIntent: string;
  /** More of the line's fields (an estimate's optional and recommended checkboxes). */
  children?: ReactNode;
}) {
  const at = (key: string, fallback?: string) => field(`${errorPrefix}.${key}`, fallback, `${prefix}.${key}`);
  return (
    <fieldset className="line-item">
      <legend>{label}</legend>
      <input type="hidden" name={`${prefix}.priceListItemId`} value={str(line.priceListItemId)} />
      {line.imageUrl ? <input type="hidden" name={`${prefix}.imageUrl`} value={str(line.imageUrl)} /> : null}
      <div className="grid-2">
        <PlainTextField label="Name" {...at("name")} />
        <PlainSelectField label="Kind" {...at("kind", "1")} options={KINDS} />
        <PlainTextField label="Quantity" {...at("quantity", "1")} inputMode="decimal" />
        <PlainTextField label="Unit price ($)" {...at("unitPrice")} inputMode="decimal" />
        {showCosts ? <PlainTextField label="Cost ($)" {...at("cost")} inputMode="decimal" /> : null}
        <div className="field field-checkbox">
          <label>
            <input type="checkbox" name={`${prefix}.isTaxable`} defaultChecked={isChecked(line.isTaxable)} /> Taxable
          </label>
        </div>
        {children}
      </div>
      <PlainTextField label="Line description" {...at("description")} />
      <button type="submit" name="intent" value={removeIntent} className="button button-link" formNoValidate>
        Remove {label.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** A new document's first, empty line. */
export const EMPTY_LINE: Record<string, string> = {
  name: "",
  quantity: "1",
  unitPrice: "",
  cost: "",
  isTaxable: "",
  kind: "1",
  description: "",
};

/** The line items of a job or an invoice (posted as `lineItems[i]`), adding lines, the tax rate and the discount. */
export function LineItemsSection({
  idPrefix,
  lines,
  field,
  showCosts,
  priceItems,
  taxRates,
  error,
}: {
  idPrefix: string;
  lines: Record<string, unknown>[];
  field: FieldAt;
  showCosts: boolean;
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  /** The price book item's error. */
  error?: string;
}) {
  return (
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
        idPrefix={idPrefix}
        selectName="priceItemId"
        priceItems={priceItems}
        addIntent="addLine"
        priceIntent="addPriceItem"
        error={error}
      />
      <TaxAndDiscountFields idPrefix={idPrefix} field={field} taxRates={taxRates} />
    </section>
  );
}

/** "Add line" and "Add item" from the price book: submit buttons with intents, a select named `selectName`. */
export function AddLineButtons({
  idPrefix,
  selectName,
  priceItems,
  addIntent,
  priceIntent,
  error,
  label = "Add line",
}: {
  idPrefix: string;
  selectName: string;
  priceItems: { id: number; name: string; priceCents: number }[];
  addIntent: string;
  priceIntent: string;
  error?: string;
  label?: string;
}) {
  return (
    <>
      <div className="row wrap">
        <button type="submit" name="intent" value={addIntent} className="button" formNoValidate>
          {label}
        </button>
        {priceItems.length ? (
          <>
            <label htmlFor={`${idPrefix}-priceItemId`} className="visually-hidden">
              Price book item
            </label>
            <select id={`${idPrefix}-priceItemId`} name={selectName} defaultValue="">
              <option value="">From the price book…</option>
              {priceItems.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({formatMoney(p.priceCents)})
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value={priceIntent} className="button" formNoValidate>
              Add item
            </button>
          </>
        ) : null}
      </div>
      <FieldError error={error} />
    </>
  );
}

/** Checkboxes posting one name (employees, tags): works without JavaScript. */
export function CheckboxList({
  legend,
  name,
  options,
  selected,
  empty,
  error,
}: {
  legend: string;
  name: string;
  options: Option[];
  selected: string[];
  empty?: ReactNode;
  error?: string;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.length === 0 ? empty : null}
      {options.map((o) => (
        <label key={o.value} className="checkbox-row">
          <input type="checkbox" name={name} value={o.value} defaultChecked={selected.includes(String(o.value))} />{" "}
          {o.label}
        </label>
      ))}
      <FieldError error={error} />
    </fieldset>
  );
}

/** The tax rate (with the company's rates as a datalist, no script needed) and the discount. */
export function TaxAndDiscountFields({
  idPrefix,
  field,
  taxRates,
}: {
  idPrefix: string;
  field: FieldAt;
  taxRates: { id: number; name: string; rate: number }[];
}) {
  return (
    <div className="grid-2">
      <PlainTextField
        label="Tax rate (%)"
        {...field("taxRate")}
        inputMode="decimal"
        list={taxRates.length ? `${idPrefix}-tax-rates` : undefined}
      >
        {taxRates.length ? (
          <datalist id={`${idPrefix}-tax-rates`}>
            {taxRates.map((t) => (
              <option key={t.id} value={t.rate}>
                {t.name}
              </option>
            ))}
          </datalist>
        ) : null}
      </PlainTextField>
      <PlainTextField label="Discount ($)" {...field("discount")} hint="Capped at the subtotal" inputMode="decimal" />
    </div>
  );
}

const ARRIVAL_WINDOWS = [0, 30, 60, 120, 180, 240].map((m) => ({
  value: m,
  label: m === 0 ? "None" : m < 60 ? `${m} minutes` : `${m / 60} hour${m > 60 ? "s" : ""}`,
}));

/** A visit's time (job, estimate): start and end in the company's zone, all day, and the arrival window. */
export function VisitTimeFields({
  field,
  allDay,
  startHint,
  endHint,
}: {
  field: FieldAt;
  allDay: boolean;
  startHint?: string;
  endHint?: string;
}) {
  return (
    <>
      <div className="grid-2">
        <PlainTextField label="Start" {...field("startTime")} hint={startHint} type="datetime-local" />
        <PlainTextField label="End" {...field("endTime")} hint={endHint} type="datetime-local" />
      </div>
      <label>
        <input type="checkbox" name="isAllDay" defaultChecked={allDay} /> All day
      </label>
      <PlainSelectField label="Arrival window" {...field("arrivalWindowOffset", "0")} options={ARRIVAL_WINDOWS} />
    </>
  );
}
