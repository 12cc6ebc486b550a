import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A settings page's one plain form (works without JavaScript), as the online booking and the customer
 * portal settings share it: a note when fields are refused, the cards, and "Save settings" (intent "save").
 */
export function SettingsForm({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: string;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="stack" id={id} aria-label={label} noValidate>
      {Object.keys(errors).length > 0 ? (
        <p className="form-error" role="alert">
          Please correct the fields marked below.
        </p>
      ) : null}
      {children}
      <div className="form-actions">
        <button type="submit" className="button button-primary" name="intent" value="save">
          Save settings
        </button>
      </div>
    </Form>
  );
}

/** A setting that is on or off (a checkbox posted as "on"), its label beside it. */
export function SettingCheckbox({
  id,
  name,
  defaultChecked,
  children,
}: {
  id: string;
  name: string;
  defaultChecked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="checkbox" htmlFor={id}>
      <input type="checkbox" id={id} name={name} defaultChecked={defaultChecked} />
      {children}
    </label>
  );
}

/**
 * An address customers are given (the booking form's, the portal's sign-in page): read-only, with a
 * Copy button once JavaScript runs. `children` stand between the address and the button.
 */
export function CopyLinkField({
  id,
  hintId,
  label,
  url,
  hint,
  children,
}: {
  id: string;
  hintId: string;
  label: string;
  url: string;
  hint: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input id={id} className="input" readOnly value={url} aria-describedby={hintId} />
        {children}
        {hydrated ? (
          <button
            type="button"
            className="button"
            onClick={() => navigator.clipboard.writeText(url).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        ) : null}
      </div>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
    </div>
  );
}
