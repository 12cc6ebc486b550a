import { Form } from "@remix-run/react";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import { formatMoney } from "~/utils/format";

type Values = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

export type InvoiceFormProps = {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  loaded?: Values;
  posted?: { values?: Values; errors?: Record<string, string> };
  submitLabel: string;
  cancelTo: string;
};

const KINDS = [
  { value: "1", label: "Service" },
  { value: "0", label: "Material" },
];
const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/**
 * The invoice form (new and edit): a real form; adding or removing a line posts an intent and the
 * form comes back with its values, so it works without JavaScript (the job form's pattern).
 */
export function InvoiceForm({
  customer,
  addresses,
  priceItems,
  taxRates,
  loaded,
  posted,
  submitLabel,
  cancelTo,
}: InvoiceFormProps) {
  const values = posted?.values ?? loaded ?? {};
  const errors = posted?.errors ?? {};
  const lines = values.lineItems?.length
    ? values.lineItems
    : [{ name: "", quantity: "1", unitPrice: "", cost: "", isTaxable: "", kind: "1", description: "" }];
  const shown = { ...values, lineItems: lines };
  const valueAt = (key: string) =>
    key
      .split(".")
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), shown);
  const field = (key: string, fallback = "", name = key) => ({
    id: `invoice-${key.replace(/[^\w-]/g, "-")}`,
    name,
    error: errors[key],
    defaultValue: str(valueAt(key)) || fallback,
  });
  const lineField = (i: number, key: string, fallback?: string) =>
    field(`lineItems.${i}.${key}`, fallback, `lineItems[${i}].${key}`);
  return (
    <Form method="post" className="stack" noValidate>
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
        <FieldError error={errors.customerId} />
        <PlainSelectField
          label="Property"
          {...field("customerAddressId")}
          placeholder={addresses.length ? "Billing address" : "No property"}
          options={addresses.map((a) => ({ value: a.id, label: a.location }))}
        />
        <div className="grid-2">
          <PlainTextField label="Issue date" type="date" {...field("issueDate")} hint="Defaults to today" />
          <PlainTextField label="Due date" type="date" {...field("dueDate")} hint="Defaults to 30 days after issue" />
        </div>
      </section>
      <section className="card stack">
        <h2>Line items</h2>
        {lines.map((line, i) => (
          <fieldset key={i} className="line-item">
            <legend>Line {i + 1}</legend>
            <input type="hidden" name={`lineItems[${i}].priceListItemId`} value={str(line.priceListItemId)} />
            <div className="grid-2">
              <PlainTextField label="Name" {...lineField(i, "name")} />
              <PlainSelectField label="Kind" {...lineField(i, "kind", "1")} options={KINDS} />
              <PlainTextField label="Quantity" {...lineField(i, "quantity", "1")} inputMode="decimal" />
              <PlainTextField label="Unit price ($)" {...lineField(i, "unitPrice")} inputMode="decimal" />
              <PlainTextField label="Cost ($)" {...lineField(i, "cost")} inputMode="decimal" />
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
            <PlainTextField label="Line description" {...lineField(i, "description")} />
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
              <label htmlFor="invoice-priceItemId" className="visually-hidden">
                Price book item
              </label>
              <select id="invoice-priceItemId" name="priceItemId" defaultValue="">
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
        <FieldError error={errors.priceItemId} />
        <div className="grid-2">
          <PlainTextField
            label="Tax rate (%)"
            {...field("taxRate")}
            inputMode="decimal"
            list={taxRates.length ? "invoice-tax-rates" : undefined}
          >
            {taxRates.length ? (
              <datalist id="invoice-tax-rates">
                {taxRates.map((t) => (
                  <option key={t.id} value={t.rate}>
                    {t.name}
                  </option>
                ))}
              </datalist>
            ) : null}
          </PlainTextField>
          <PlainTextField
            label="Discount ($)"
            {...field("discount")}
            hint="Capped at the subtotal"
            inputMode="decimal"
          />
        </div>
      </section>
      <section className="card stack">
        <h2>Notes</h2>
        <PlainTextareaField label="Message on invoice" {...field("message")} rows={3} />
        <PlainTextareaField
          label="Private notes"
          {...field("privateNotes")}
          hint="Only your team sees these"
          rows={3}
        />
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
