import type { ReactNode } from "react";
import { FieldError, PlainSelectField, PlainTextareaField, type Option } from "~/components/form";
import { CheckboxList, type FieldAt } from "~/components/line-item-fields";

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/**
 * The fields of a document form (job, estimate, invoice) read their value and error by path
 * (`lineItems.0.name`) while posting nested names (`lineItems[0].name`), so a refused post comes
 * back filled in without JavaScript.
 */
export function documentFieldAt(
  idPrefix: string,
  shown: Record<string, unknown>,
  errors: Record<string, string>,
): FieldAt {
  const valueAt = (key: string) =>
    key
      .split(".")
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), shown);
  return (key, fallback = "", name = key) => ({
    id: `${idPrefix}-${key.replace(/[^\w-]/g, "-")}`,
    name,
    error: errors[key],
    defaultValue: str(valueAt(key)) || fallback,
  });
}

/** The error that belongs to no field (a refused save). */
export function FormAlert({ error }: { error?: string }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The customer a document is for (fixed) and the property it is at; `children` are the document's own header fields. */
export function CustomerSection({
  customer,
  addresses,
  field,
  error,
  children,
}: {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  field: FieldAt;
  error?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <input type="hidden" name="customerId" value={customer.id} />
      <section className="card stack">
        <h2>Customer</h2>
        <p>
          <strong>{customer.name}</strong>
        </p>
        <FieldError error={error} />
        <PlainSelectField
          label="Property"
          {...field("customerAddressId")}
          placeholder={addresses.length ? "Billing address" : "No property"}
          options={addresses.map((a) => ({ value: a.id, label: a.location }))}
        />
        {children}
      </section>
    </>
  );
}

/** Tags, the team's private notes and the message the customer reads (job, estimate). */
export function NotesAndTagsSection({
  field,
  tagOptions,
  selectedTags,
  noTags,
}: {
  field: FieldAt;
  tagOptions: Option[];
  selectedTags: string[];
  noTags: string;
}) {
  return (
    <section className="card stack">
      <h2>Notes and tags</h2>
      <CheckboxList
        legend="Tags"
        name="tags"
        options={tagOptions}
        selected={selectedTags}
        empty={<p className="muted">{noTags}</p>}
      />
      <PrivateNotesField field={field} />
      <PlainTextareaField label="Message to the customer" {...field("message")} rows={3} />
    </section>
  );
}

export function PrivateNotesField({ field }: { field: FieldAt }) {
  return (
    <PlainTextareaField label="Private notes" {...field("privateNotes")} hint="Only your team sees these" rows={3} />
  );
}

/** Cancel is a plain link and save the form's `save` intent, so both work without JavaScript. */
export function FormActions({ cancelTo, submitLabel }: { cancelTo: string; submitLabel: string }) {
  return (
    <div className="row">
      <a className="button" href={cancelTo}>
        Cancel
      </a>
      <button type="submit" name="intent" value="save" className="button button-primary">
        {submitLabel}
      </button>
    </div>
  );
}
