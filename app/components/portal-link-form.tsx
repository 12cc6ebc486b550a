import { Form } from "@remix-run/react";

/** Staff send a customer a sign-in link to the customer portal, by email or text (a plain form post). */
export function PortalLinkForm({ hasEmail, hasPhone }: { hasEmail: boolean; hasPhone: boolean }) {
  if (!hasEmail && !hasPhone) return null;
  return (
    <Form method="post" className="row" aria-label="Send portal link">
      <input type="hidden" name="intent" value="portalLink" />
      {hasEmail ? (
        <button type="submit" className="button" name="channel" value="email">
          Email portal link
        </button>
      ) : null}
      {hasPhone ? (
        <button type="submit" className="button" name="channel" value="text">
          Text portal link
        </button>
      ) : null}
    </Form>
  );
}
