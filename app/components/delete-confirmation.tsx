import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

/**
 * A detail page's "Delete" asks here first (?delete=1 shows it): a plain post of the `delete`
 * intent, and Cancel is a link back, so it works without JavaScript.
 */
export function DeleteConfirmation({
  noun,
  children,
}: {
  noun: "Job" | "Estimate" | "Invoice" | "Request";
  children: ReactNode;
}) {
  return (
    <Form method="post" className="card stack" aria-label={`Delete ${noun.toLowerCase()}`}>
      <h2>Delete {noun}</h2>
      {children}
      <CancelOrSubmit intent="delete" className="button button-danger">
        Delete
      </CancelOrSubmit>
    </Form>
  );
}

/** The last row of a card form on a detail page: Cancel (a link back to the page) and the submit button of `intent`. */
export function CancelOrSubmit({
  intent,
  className,
  children,
}: {
  intent: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="row">
      <Link className="button" to=".">
        Cancel
      </Link>
      <button className={className} name="intent" value={intent}>
        {children}
      </button>
    </div>
  );
}
