import { Form, useActionData } from "@remix-run/react";
import { FormAlert } from "~/components/document-form";
import { FieldError, PlainTextField } from "~/components/form";

type SavedCardsView = {
  cards: Array<{
    paymentMethodId: string;
    brand: string | null;
    last4: string | null;
    expMonth: number | null;
    expYear: number | null;
  }>;
  link: string | null;
  notice: string | null;
};

const CHANNELS = [
  { value: "1", label: "Text" },
  { value: "2", label: "Email" },
  { value: "3", label: "Both" },
];

const brandName = (brand: string | null) =>
  brand
    ? brand.replace(/(^|_)(\w)/g, (_m, space: string, c: string) => `${space ? " " : ""}${c.toUpperCase()}`)
    : "Card";

const expiry = (month: number | null, year: number | null) =>
  month && year ? `${String(month).padStart(2, "0")}/${year}` : "—";

/**
 * The customer page's saved cards: the cards Stripe keeps for the customer (brand, last 4, expiry) with
 * Remove, the add-card link to copy, and a form that sends it by text, email or both. Without Stripe
 * (or without an account that takes charges) it says so plainly. Plain forms: works without JavaScript.
 */
export function SavedCardsSection({ view }: { view: SavedCardsView }) {
  const answer = useActionData<{ cardErrors?: { channel?: string; _global?: string } }>();
  const errors = answer?.cardErrors ?? {};
  return (
    <section className="card stack" aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title">Saved cards</h2>
      {view.cards.length === 0 ? (
        <p className="muted">No saved cards.</p>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {view.cards.map((card) => (
            <li key={card.paymentMethodId} className="row wrap">
              <span>
                {brandName(card.brand)} ending in {card.last4 ?? "????"}, expires {expiry(card.expMonth, card.expYear)}
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="savedCards" />
                <input type="hidden" name="cardAction" value="remove" />
                <input type="hidden" name="paymentMethodId" value={card.paymentMethodId} />
                <button
                  className="button button-danger"
                  aria-label={`Remove ${brandName(card.brand)} ending in ${card.last4 ?? "????"}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {view.notice ? (
        <p className="muted">{view.notice}</p>
      ) : (
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="savedCards" />
          <input type="hidden" name="cardAction" value="send" />
          {view.link ? (
            <PlainTextField id="add-card-link" label="Add-card link" readOnly defaultValue={view.link} />
          ) : null}
          <fieldset className="row wrap" aria-describedby={errors.channel ? "card-link-channel-error" : undefined}>
            <legend>Send the link by</legend>
            {CHANNELS.map((c) => (
              <label key={c.value}>
                <input type="radio" name="channel" value={c.value} defaultChecked={c.value === "2"} /> {c.label}
              </label>
            ))}
          </fieldset>
          <FieldError id="card-link-channel-error" error={errors.channel} />
          <FormAlert error={errors._global} />
          <div className="row">
            <button className="button button-primary">Send add-card link</button>
          </div>
        </Form>
      )}
    </section>
  );
}
