import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Modal } from "~/components/modal";

/**
 * The generic confirmation dialog: a route-state modal with a form that posts the intent.
 * Busy while its action runs; the decline label defaults to Cancel.
 */
export function ConfirmDialog({
  title,
  children,
  intent,
  confirmLabel,
  declineLabel = "Cancel",
  cancelTo,
  action,
  danger = true,
  hidden = {},
}: {
  title: string;
  children: ReactNode;
  intent: string;
  confirmLabel: string;
  declineLabel?: string;
  cancelTo: string;
  action?: string;
  danger?: boolean;
  hidden?: Record<string, string | number>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Modal title={title} closeTo={cancelTo} size="sm">
      <div>{children}</div>
      <Form method="post" action={action} className="modal-actions">
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Link className="button" to={cancelTo} preventScrollReset>
          {declineLabel}
        </Link>
        <button
          type="submit"
          name="intent"
          value={intent}
          className={`button ${danger ? "button-danger" : "button-primary"}`}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? "Working..." : confirmLabel}
        </button>
      </Form>
    </Modal>
  );
}
