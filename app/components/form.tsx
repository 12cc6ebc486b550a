import { useField, useFormContext, useIsSubmitting } from "remix-validated-form";
import {
  useEffect,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

type FieldChrome = { name: string; label: ReactNode; hint?: ReactNode; formId?: string; className?: string };

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

const fieldId = (formId: string | undefined, name: string) => `${formId ?? "f"}-${name.replace(/[^\w-]/g, "-")}`;
// Fields read the enclosing ValidatedForm's context: remix-validated-form drops the form's
// defaultValues on the server render when a formId is passed to useField, which would leave
// every field empty without JavaScript. formId only namespaces the element ids.

/**
 * A labelled input. Errors show once the field is touched or the form submitted; server errors
 * (also without JavaScript) always show.
 */
export function TextField({
  name,
  label,
  hint,
  formId,
  className,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const { error, getInputProps } = useField(name);
  const id = fieldId(formId, name);
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...getInputProps({ id, ...input })}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextareaField({
  name,
  label,
  hint,
  formId,
  className,
  ...input
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { error, getInputProps } = useField(name);
  const id = fieldId(formId, name);
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...getInputProps({ id, ...input })}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export type Option = { value: string | number; label: string };

export function SelectField({
  name,
  label,
  hint,
  formId,
  className,
  options,
  placeholder,
  ...input
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string }) {
  const { error, getInputProps } = useField(name);
  const id = fieldId(formId, name);
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <select
        {...getInputProps({ id, ...input })}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  formId,
  className,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const { error, getInputProps } = useField(name);
  const id = fieldId(formId, name);
  return (
    <div className={`field ${className ?? ""}`}>
      <label className="checkbox" htmlFor={id}>
        <input
          {...getInputProps({ id, type: "checkbox", ...input })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
        />
        {label}
      </label>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Several checkboxes posting one name (tags, sources, employees): works without JavaScript. */
export function CheckboxGroupField({
  name,
  label,
  options,
  selected,
  formId,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  selected: readonly (string | number)[];
  formId?: string;
}) {
  const { error } = useField(name);
  const id = fieldId(formId, name);
  const chosen = new Set(selected.map(String));
  return (
    <fieldset className="field" aria-describedby={describedBy(id, error)}>
      <legend>{label}</legend>
      {options.length === 0 ? <p className="field-hint">No options</p> : null}
      <div className="row">
        {options.map((o) => (
          <label key={o.value} className="checkbox">
            <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.has(String(o.value))} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

/** The global form error: server messages that match no field. */
export function FormError({ formId, message }: { formId?: string; message?: string | null }) {
  const context = useFormContext(formId);
  const text = message ?? context.fieldErrors._global;
  if (!text) return null;
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

export function SubmitButton({
  children,
  formId,
  className = "button button-primary",
  name,
  value,
  busyText,
}: {
  children: ReactNode;
  formId?: string;
  className?: string;
  name?: string;
  value?: string;
  busyText?: string;
}) {
  const submitting = useIsSubmitting(formId);
  return (
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      disabled={submitting}
      aria-busy={submitting || undefined}
    >
      {submitting && busyText ? busyText : children}
    </button>
  );
}

const formState = (form: HTMLFormElement) =>
  new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, typeof v === "string" ? v : v.name])).toString();

/**
 * The bottom save bar of an edit form, shown once a field differs from what was loaded: 'You have
 * unsaved changes', Reset (the route remounts the form with its stored values) and Save, both
 * disabled while submitting. Scripts only: without them the form's own Save button does the job.
 */
export function UnsavedChangesBar({
  formId,
  onReset,
  saveName,
  saveValue,
}: {
  formId: string;
  onReset: () => void;
  saveName?: string;
  saveValue?: string;
}) {
  const [dirty, setDirty] = useState(false);
  const submitting = useIsSubmitting(formId);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const loaded = formState(form);
    // Islands (multi-selects, place search) change hidden inputs on click without an input event: look after the click too.
    const check = () =>
      setTimeout(() => {
        const changed = formState(form) !== loaded;
        // The bar's Save stands in for the form's own while shown (one Save on the page).
        form.toggleAttribute("data-unsaved", changed);
        setDirty(changed);
      });
    const events = ["input", "change", "click"] as const;
    for (const event of events) form.addEventListener(event, check);
    return () => {
      for (const event of events) form.removeEventListener(event, check);
      form.removeAttribute("data-unsaved");
    };
  }, [formId]);
  if (!dirty) return null;
  return (
    <div className="save-bar" role="region" aria-label="Unsaved changes">
      <span>You have unsaved changes</span>
      <button type="button" className="button" onClick={onReset} disabled={submitting}>
        Reset
      </button>
      <button
        type="submit"
        form={formId}
        className="button button-primary"
        name={saveName}
        value={saveValue}
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        Save
      </button>
    </div>
  );
}

/** Hidden field that catches bots on public forms; a filled honeypot is refused on the server. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website-url">Leave this field empty</label>
      <input id="website-url" name="websiteUrl" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
