import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { screens } from "~/access/route-table";
import { removeSavedCard, savedCardsView, type SavedCard } from "~/models/payments/saved-cards.server";
import { RuleError } from "~/models/rules";
import { ownerOf, requireSection } from "./__portal.server";
import { NO_STORE, PortalError, PortalItem, PortalSection, portalTitle } from "./__portal-ui";

const removeSchema = z.object({ intent: z.literal("remove"), paymentMethodId: z.string().min(1).max(200) });

const cardName = (c: SavedCard) =>
  `${c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : "Card"} ending in ${c.last4 ?? "····"}`;
const expiry = (c: SavedCard) =>
  c.expMonth && c.expYear ? `${String(c.expMonth).padStart(2, "0")}/${c.expYear}` : "—";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.cards, "canManageCards");
  const view = await savedCardsView(ownerOf(access), access.customerId);
  const url = new URL(request.url);
  const cards = view.cards.map((c) => ({ id: c.paymentMethodId, name: cardName(c), expires: expiry(c) }));
  // "Remove" without JavaScript: the confirmation is this page with the card named in its address.
  const confirming = cards.find((c) => c.id === url.searchParams.get("remove")) ?? null;
  return json(
    { cards, confirming, addCardUrl: view.link, removed: url.searchParams.has("removed") },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.cards, "canManageCards");
  const parsed = removeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ error: "Unknown action." }, { status: 400, headers: NO_STORE });
  try {
    const removed = await removeSavedCard(ownerOf(access), access.customerId, parsed.data.paymentMethodId);
    if (removed === null)
      return json({ error: "This card is not saved any more." }, { status: 404, headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return json(
      { error: "We could not remove the card right now. Please try again in a minute." },
      { status: 503, headers: NO_STORE },
    );
  }
  return redirect("/portal/cards?removed", { status: 303, headers: NO_STORE });
}

/** Saved cards: remove one (after a confirmation), add one through the company's add-card page. */
export default function PortalCardsRoute() {
  const v = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <>
      <h1>Your saved cards</h1>
      {v.removed ? (
        <p className="alert alert-success" role="status">
          Card removed
        </p>
      ) : null}
      {posted?.error ? (
        <p className="form-error" role="alert">
          {posted.error}
        </p>
      ) : null}
      {v.confirming ? (
        <PortalSection id="card-remove" title="Remove this card?">
          <p>
            {v.confirming.name}, expires {v.confirming.expires}, will no longer be kept for your payments.
          </p>
          <Form method="post" className="portal-actions">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="paymentMethodId" value={v.confirming.id} />
            <button type="submit" className="button button-danger">
              Remove card
            </button>
            <Link to="/portal/cards">Cancel</Link>
          </Form>
        </PortalSection>
      ) : null}
      <PortalSection id="cards-list" title="Cards">
        {v.cards.length ? (
          <ul className="portal-list">
            {v.cards.map((c) => (
              <PortalItem key={c.id} title={c.name} facts={[["Expires", c.expires]]}>
                <Link to={`/portal/cards?remove=${encodeURIComponent(c.id)}`} aria-label={`Remove ${c.name}`}>
                  Remove
                </Link>
              </PortalItem>
            ))}
          </ul>
        ) : (
          <p>You have no saved cards.</p>
        )}
        {v.addCardUrl ? (
          <p>
            <a className="button button-primary" href={v.addCardUrl}>
              Add a card
            </a>
          </p>
        ) : (
          <p className="muted">Adding a card is not available right now.</p>
        )}
      </PortalSection>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Saved cards");

export function ErrorBoundary() {
  return <PortalError />;
}
