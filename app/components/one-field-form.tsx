import { Form } from "@remix-run/react";
import { PlainTextField } from "~/components/form";

/**
 * A detail page's small form of one text field and one button (rename a job or estimate, add an
 * estimate option): a plain post with its own intent, so it works without JavaScript.
 */
export function OneFieldForm({
  id,
  label,
  name,
  defaultValue,
  error,
  intent,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  intent: string;
  /** The button's text. */
  children: string;
}) {
  return (
    <Form method="post" className="row wrap">
      <PlainTextField id={id} label={label} name={name} defaultValue={defaultValue} maxLength={255} error={error} />
      <button className="button" name="intent" value={intent}>
        {children}
      </button>
    </Form>
  );
}

/** Renames the record (job, estimate) by the `rename` intent; an empty title falls back to the first line. */
export function RenameForm({ label, name, error }: { label: string; name: string | null; error?: string }) {
  return (
    <OneFieldForm id="rename-name" label={label} name="name" defaultValue={name ?? ""} error={error} intent="rename">
      Rename
    </OneFieldForm>
  );
}
