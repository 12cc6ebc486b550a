import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DefaultSubmitButton, FieldError, PlainSelectField, PlainTextareaField, type Option } from "~/components/form";
import { CheckboxList, VisitTimeFields, type FieldAt } from "~/components/line-item-fields";

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
/** A posted value that may be one or several (checkboxes): always a list of strings. */
export const valueList = (v: unknown) =>
  Array.isArray(v) ? v.map(String) : v === undefined || v === "" ? [] : [String(v)];

type DocumentValues = Record<string, unknown>;

/** What every document form (job, estimate, invoice) is given. */
export type DocumentFormProps<V extends DocumentValues> = {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  /** The document's stored values (edit). */
  loaded?: V;
  /** The action's answer: after a refused save or a line intent, the posted values and errors. */
  posted?: { values?: V; errors?: Record<string, string> };
  submitLabel: string;
  cancelTo: string;
  /** Fields the page adds to the form, before its buttons (the template a new job starts from). */
  extraFields?: ReactNode;
};

/**
 * What a document form shows: the posted values after a refused save or an intent, else the stored
 * ones, with `shown` filling the empty parts (a first line); its errors; and its fields' props.
 */
export function documentFormState<V extends DocumentValues, S extends DocumentValues>(
  { loaded, posted }: DocumentFormProps<V>,
  idPrefix: string,
  shown: (values: V) => S,
) {
  const stored = posted?.values ?? loaded ?? ({} as V);
  const values = { ...stored, ...shown(stored) };
  const errors = posted?.errors ?? {};
  return { values, errors, field: documentFieldAt(idPrefix, values, errors) };
}

/**
 * A document form: a real post (every add and remove is a submit button with an intent, so it works
 * without JavaScript), the refused save's message, the customer section with the document's
 * `header` fields, the document's own sections (`children`), Cancel and save.
 */
export function DocumentForm({
  customer,
  addresses,
  form: { field, errors },
  header,
  className = "stack",
  submitLabel,
  cancelTo,
  extraFields,
  children,
}: Pick<DocumentFormProps<DocumentValues>, "customer" | "addresses" | "submitLabel" | "cancelTo" | "extraFields"> & {
  form: { field: FieldAt; errors: Record<string, string> };
  header: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} noValidate>
      {/* Enter in a field saves (the form's first submit button is its default one), not the first "Remove line". */}
      <DefaultSubmitButton />
      <FormAlert error={errors._global} />
      <CustomerSection customer={customer} addresses={addresses} field={field} error={errors.customerId}>
        {header}
      </CustomerSection>
      {children}
      {extraFields}
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}

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

/** A document's visit (job, estimate): its time and the employees assigned. */
export function VisitFields({
  form: { field, values, errors },
  employees,
  startHint,
}: {
  form: { field: FieldAt; values: DocumentValues; errors: Record<string, string> };
  employees: Option[];
  startHint: string;
}) {
  return (
    <>
      <VisitTimeFields field={field} allDay={values.isAllDay === "on"} startHint={startHint} />
      <CheckboxList
        legend="Assigned employees"
        name="employeeIds"
        options={employees}
        selected={valueList(values.employeeIds)}
        error={errors.employeeIds}
      />
    </>
  );
}

/** Tags, the team's private notes and the message the customer reads (job, estimate). */
export function NotesAndTagsSection({
  field,
  tagOptions,
  tags,
  noTags,
}: {
  field: FieldAt;
  tagOptions: Option[];
  /** The chosen tags' ids, as posted or stored. */
  tags: unknown;
  noTags: string;
}) {
  return (
    <section className="card stack">
      <h2>Notes and tags</h2>
      <CheckboxList
        legend="Tags"
        name="tags"
        options={tagOptions}
        selected={valueList(tags)}
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
