import { useField, useFormContext, useIsSubmitting } from "remix-validated-form";
import {
  useEffect,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { ImageUploadField } from "~/components/image-upload-modal";
import { PALETTE } from "~/models/employees/palette";

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
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}

/** A field's error message, announced when it appears. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

const fieldId = (formId: string | undefined, name: string) => `${formId ?? "f"}-${name.replace(/[^\w-]/g, "-")}`;
// Fields read the enclosing ValidatedForm's context: remix-validated-form drops the form's
// defaultValues on the server render when a formId is passed to useField, which would leave
// every field empty without JavaScript. formId only namespaces the element ids.

/** The chrome every field shares: label, the control, hint and error (ids the control points at). */
export function FieldShell({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** aria-invalid and aria-describedby of a control, from its error and hint. */
export const fieldAria = (id: string, error?: string, hint?: ReactNode) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": describedBy(id, error, hint),
});

/** A kit field of the enclosing ValidatedForm: its id, error, and the control's props. */
function useKitField(name: string, formId: string | undefined, hint: ReactNode) {
  const { error, getInputProps } = useField(name);
  const id = fieldId(formId, name);
  const controlProps = <T extends object>(input: T) => ({
    ...getInputProps({ id, ...input }),
    ...fieldAria(id, error, hint),
  });
  return { id, error, controlProps };
}

type Control = (props: Record<string, unknown>) => ReactNode;

function KitField({
  name,
  label,
  hint,
  formId,
  className,
  control,
  ...input
}: FieldChrome & { control: Control } & Record<string, unknown>) {
  const { id, error, controlProps } = useKitField(name, formId, hint);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {control(controlProps(input))}
    </FieldShell>
  );
}

/** The same chrome for a plain <Form> (no ValidatedForm context): the caller gives the id and the server's error. */
type PlainChrome = { id: string; label: ReactNode; hint?: ReactNode; error?: string; className?: string };

function PlainField({
  id,
  label,
  hint,
  error,
  className,
  control,
  ...input
}: PlainChrome & { control: Control } & Record<string, unknown>) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {control({ id, ...input, ...fieldAria(id, error, hint) })}
    </FieldShell>
  );
}

export type Option = { value: string | number; label: string };

function Options({ options, placeholder }: { options: readonly Option[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string };
const input: Control = (props) => <input {...props} />;
const textarea: Control = (props) => <textarea {...props} />;
function select({ options, placeholder }: SelectProps): Control {
  return function Select(props) {
    return (
      <select {...props}>
        <Options options={options} placeholder={placeholder} />
      </select>
    );
  };
}

/**
 * A labelled input. Errors show once the field is touched or the form submitted; server errors
 * (also without JavaScript) always show.
 */
export function TextField(props: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  return <KitField {...props} control={input} />;
}

/** A new password (sign-up, reset, a new employee): the browser may suggest a strong one. */
export function NewPasswordField(props: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField type="password" autoComplete="new-password" required {...props} />;
}

export function TextareaField(props: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <KitField {...props} control={textarea} />;
}

export function SelectField({ options, placeholder, ...props }: FieldChrome & SelectProps) {
  return <KitField {...props} control={select({ options, placeholder })} />;
}

/** Plain-form twins of the fields above (the job form, the payment form, search boxes). */
export function PlainTextField({ children, ...props }: PlainChrome & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <PlainField
      {...props}
      control={(p) => (
        <>
          {input(p)}
          {children}
        </>
      )}
    />
  );
}

export function PlainTextareaField(props: PlainChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <PlainField {...props} control={textarea} />;
}

export function PlainSelectField({ options, placeholder, ...props }: PlainChrome & SelectProps) {
  return <PlainField {...props} control={select({ options, placeholder })} />;
}

/**
 * The props of a plain field from the action's answer after a refused post: its id and name, the
 * posted value (else the stored one) and its error.
 */
export function postedFieldAt(posted?: { values?: Record<string, unknown>; errors?: Record<string, string> }) {
  return (id: string, name: string, stored = "") => ({
    id,
    name,
    defaultValue: String(posted?.values?.[name] ?? stored),
    error: posted?.errors?.[name],
  });
}

export function CheckboxField({
  name,
  label,
  hint,
  formId,
  className,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const { id, error, controlProps } = useKitField(name, formId, hint);
  return (
    <div className={`field ${className ?? ""}`}>
      <label className="checkbox" htmlFor={id}>
        <input {...controlProps({ type: "checkbox", ...input })} />
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

/** The product's 12-colour palette as radio buttons: works without JavaScript. */
export function ColorField({
  selected,
  noneLabel,
  dotClassName,
  formId,
}: {
  selected: string | null;
  /** A first choice for no colour. */
  noneLabel?: string;
  dotClassName?: string;
  formId?: string;
}) {
  const { error } = useField("color");
  return (
    <fieldset className="field">
      <legend>Color</legend>
      <div className="swatches">
        {noneLabel ? (
          <label className="swatch">
            <input type="radio" name="color" value="" defaultChecked={!selected} />
            {noneLabel}
          </label>
        ) : null}
        {PALETTE.map((c) => (
          <label key={c.value} className="swatch" title={c.label}>
            <input type="radio" name="color" value={c.value} defaultChecked={selected?.toUpperCase() === c.value} />
            <span className={dotClassName} style={{ background: c.value }} aria-hidden="true" />
            <span className="visually-hidden">{c.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={fieldId(formId, "color")} error={error} />
    </fieldset>
  );
}

/** The image field of a ValidatedForm (photo, logo, item image), with the server's error. */
export function ImageField(props: Omit<Parameters<typeof ImageUploadField>[0], "error">) {
  const { error } = useField(props.name);
  return <ImageUploadField {...props} error={error} />;
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

/**
 * The form's default button, first in it and not shown: Enter in a field submits `intent=value`
 * rather than whichever button (Remove, Find, Add line) comes first in the form.
 */
export function DefaultSubmitButton({ value = "save" }: { value?: string }) {
  return <button type="submit" name="intent" value={value} hidden tabIndex={-1} aria-hidden="true" />;
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
