import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { postedFieldAt } from "~/components/form";

type Posted = { errors: Record<string, string>; values: Record<string, string> };
type FieldAt = ReturnType<typeof postedFieldAt>;

/**
 * A follow-ups card of /settings/reminders: a plain form (works without JavaScript) posting its
 * `intent`; after a refusal the action answers under that intent, and its fields show what was posted.
 */
export function FollowUpsForm({
  intent,
  title,
  intro,
  submitLabel,
  fields,
}: {
  intent: "invoiceFollowUps" | "estimateFollowUps";
  title: string;
  intro: ReactNode;
  submitLabel: string;
  fields: (field: FieldAt) => ReactNode;
}) {
  const posted = useActionData<Partial<Record<typeof intent, Posted>>>()?.[intent];
  return (
    <Form method="post" className="card stack" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">{intro}</p>
      {fields(postedFieldAt(posted))}
      <div className="form-actions">
        <button type="submit" className="button button-primary" name="intent" value={intent}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
