import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { Honeypot } from "~/components/form";
import { PublicSignature } from "~/components/public-signature";
import { HONEYPOT_FIELD } from "~/models/accounts/accounts.schema";
import { acceptPlanSchema, SIGNER_NAME_MAX } from "~/models/service-plans/customer-plans.schema";
import {
  acceptPublicPlan,
  getPublicPlan,
  planTermsView,
  takeSavedCardForPlan,
  type PublicPlan,
} from "~/models/service-plans/customer-plans.server";
import { PlanStatus } from "~/models/service-plans/plan-terms";
import { RuleError } from "~/models/rules";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import { toasts } from "~/sessions.server";
import { DATE_LONG, formatInZone } from "~/utils/format";
import type { HydrationHandle } from "~/utils/hydration";
import { fieldErrors, formatPhone } from "~/utils/validation";
import { NO_STORE } from "./__payment-page";

async function requirePlan(token: string | undefined): Promise<PublicPlan> {
  const plan = await getPublicPlan(token ?? "");
  if (!plan) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return plan;
}

const cardText = (c: { brand: string | null; last4: string | null }) =>
  `${c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : "Card"} ending in ${c.last4 ?? "????"}`;

/** The customer's page, formatted on the server (the page ships no framework JavaScript). */
function planPageView(p: PublicPlan) {
  return {
    name: p.name,
    description: p.description,
    status: p.status,
    companyName: p.companyName,
    companyLogoUrl: p.companyLogoUrl,
    companyPhone: formatPhone(p.companyPhone),
    companyPhoneHref: p.companyPhone ? `tel:${p.companyPhone.replace(/[^\d+]/g, "")}` : null,
    customerName: p.customerName,
    address: [p.location, p.unitNumber ? `Unit ${p.unitNumber}` : null].filter(Boolean).join(", "),
    terms: planTermsView(p),
    signedName: p.signedName,
    hasSignatureImage: p.hasSignatureImage,
    acceptedOn: p.acceptedAt ? formatInZone(p.acceptedAt, p.timezone, DATE_LONG) : null,
    cancelledOn: p.cancelledAt ? formatInZone(p.cancelledAt, p.timezone, DATE_LONG) : null,
    card: p.card ? cardText(p.card) : null,
    cardStep: p.cardStep && {
      savedCard: p.cardStep.cards[0] ? cardText(p.cardStep.cards[0]) : null,
      link: p.cardStep.link,
      unavailable: Boolean(p.cardStep.notice),
    },
  };
}
type PlanPageView = ReturnType<typeof planPageView>;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.servicePlanDetails);
  return json({ view: planPageView(await requirePlan(params.token)) }, { headers: NO_STORE });
}

/** Accept (typed name, drawn signature with JavaScript), or use the card saved meanwhile. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.servicePlanDetails);
  await requirePlan(params.token);
  const form = await request.formData();
  const intent = form.get("intent");
  const answer = (status: number, errors: Record<string, string>) =>
    json({ errors, name: String(form.get("name") ?? "").slice(0, SIGNER_NAME_MAX) }, { status, headers: NO_STORE });
  if (form.get(HONEYPOT_FIELD)) return answer(400, { _global: "Please leave the hidden field empty." });
  try {
    await consumeAttempt("servicePlanPage", { account: params.token ?? "", address: clientAddress(context) });
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return answer(429, { _global: error.message });
  }
  const here = new URL(request.url).pathname;
  if (intent === "useCard") {
    const used = await takeSavedCardForPlan(params.token ?? "");
    if (!used) return answer(409, { _global: "There is no saved card to use yet." });
    return toasts().redirectWithSuccess(here, "Your card will be used for the plan's payments.", { headers: NO_STORE });
  }
  if (intent !== "accept") return answer(400, { _global: "Unknown action." });
  const parsed = acceptPlanSchema.safeParse({ name: form.get("name"), signature: form.get("signature") });
  if (!parsed.success) return answer(400, fieldErrors(parsed.error));
  try {
    await acceptPublicPlan(params.token ?? "", parsed.data);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return answer(409, error.fieldErrors);
  }
  return toasts().redirectWithSuccess(here, "Service plan accepted.", { headers: NO_STORE });
}

/** The customer's service plan: review the visits and payments, sign and accept, save a card. Works without JavaScript. */
export default function ServicePlanDetailsRoute() {
  const { view: v } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = posted?.errors ?? {};
  return (
    <main className="public-page stack" style={{ maxWidth: "48rem", margin: "0 auto", padding: "1rem" }}>
      <header className="row">
        {v.companyLogoUrl ? (
          <img src={v.companyLogoUrl} alt={`${v.companyName} logo`} style={{ maxHeight: "3rem", width: "auto" }} />
        ) : null}
        <div>
          <p style={{ margin: 0, fontWeight: 600 }}>{v.companyName}</p>
          {v.companyPhone && v.companyPhoneHref ? (
            <p className="muted" style={{ margin: 0 }}>
              <a href={v.companyPhoneHref}>{v.companyPhone}</a>
            </p>
          ) : null}
        </div>
      </header>
      <h1>{v.name}</h1>
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      <PlanState v={v} />
      <PlanTerms v={v} />
      {v.status === PlanStatus.Pending ? (
        <>
          {v.cardStep ? <CardStep v={v} /> : null}
          <AcceptForm errors={errors} name={posted?.name ?? ""} />
        </>
      ) : v.status === PlanStatus.Active && v.cardStep ? (
        <CardStep v={v} />
      ) : null}
    </main>
  );
}

function PlanState({ v }: { v: PlanPageView }) {
  if (v.status === PlanStatus.Cancelled)
    return (
      <p className="alert alert-warning" role="status">
        This service plan was cancelled{v.cancelledOn ? ` on ${v.cancelledOn}` : ""}. Please contact {v.companyName}
        {v.companyPhone ? ` at ${v.companyPhone}` : ""} with any questions.
      </p>
    );
  if (v.status === PlanStatus.Active)
    return (
      <section className="card stack" aria-labelledby="thanks-title">
        <h2 id="thanks-title">Thank you! Your service plan is active</h2>
        <p>
          Accepted{v.acceptedOn ? ` on ${v.acceptedOn}` : ""}
          {v.signedName ? ` by ${v.signedName}` : ""}
          {v.hasSignatureImage ? " (signed)" : ""}. {v.companyName} will contact you about your visits.
        </p>
        {v.card ? <p>Payments are charged to your {v.card}.</p> : null}
      </section>
    );
  return (
    <p className="alert" role="status">
      {v.companyName} prepared this service plan for you. Review it below, then sign and accept it.
    </p>
  );
}

function PlanTerms({ v }: { v: PlanPageView }) {
  const t = v.terms;
  return (
    <section className="card stack" aria-labelledby="plan-terms-title">
      <h2 id="plan-terms-title">Your plan</h2>
      {v.description ? <p>{v.description}</p> : null}
      <dl className="details">
        <dt>For</dt>
        <dd>{v.customerName || "—"}</dd>
        <dt>Property</dt>
        <dd>{v.address || "—"}</dd>
        <dt>Starts</dt>
        <dd>{t.startDate}</dd>
        <dt>Duration</dt>
        <dd>{t.duration}</dd>
        <dt>{t.totalLabel}</dt>
        <dd>{t.total}</dd>
        <dt>Each payment</dt>
        <dd>
          {t.perPayment} ({t.schedule.toLowerCase()}, {t.payments.toLowerCase()})
          {t.lastPayment ? `; the last payment is ${t.lastPayment}` : ""}
          {t.tax ? `, plus ${t.tax}` : ""}
        </dd>
        <dt>First billing</dt>
        <dd>{t.firstBilling}</dd>
        <dt>Payment</dt>
        <dd>{t.charging}</dd>
      </dl>
      <h3>
        {t.visitsPerYear} {t.visitsPerYear === 1 ? "visit" : "visits"} per year
      </h3>
      <ol className="stack">
        {t.visits.map((visit) => (
          <li key={visit.label}>
            <strong>{visit.label}</strong>
            {visit.firstDate ? <span className="muted"> (first on {visit.firstDate})</span> : null}
            {visit.description ? <div>{visit.description}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Automatic payments need a saved card: use the one saved, or save one with Stripe and come back. */
function CardStep({ v }: { v: PlanPageView }) {
  const step = v.cardStep!;
  return (
    <section className="card stack" aria-labelledby="card-title">
      <h2 id="card-title">Your card for automatic payments</h2>
      {step.unavailable ? (
        <p>Cards cannot be saved online yet: {v.companyName} will tell you how to pay each payment.</p>
      ) : step.savedCard ? (
        v.status === PlanStatus.Pending ? (
          <p>Your saved {step.savedCard} will be charged for each payment when you accept.</p>
        ) : (
          <Form method="post" className="stack">
            <Honeypot />
            <p>Use your saved {step.savedCard} for this plan&apos;s payments.</p>
            <button type="submit" name="intent" value="useCard" className="button button-primary">
              Use my saved card
            </button>
          </Form>
        )
      ) : (
        <>
          <p>
            Save a card with our payment provider, Stripe (your card details never reach {v.companyName}). Then come
            back to this page{v.status === PlanStatus.Pending ? " to accept the plan" : " and choose Use my saved card"}
            .
          </p>
          {step.link ? (
            <p>
              <a className="button" href={step.link} rel="noopener">
                Save a card
              </a>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function AcceptForm({ errors, name }: { errors: Record<string, string | undefined>; name: string }) {
  return (
    <Form method="post" className="card stack" aria-labelledby="sign-title">
      <Honeypot />
      <PublicSignature
        title="Sign and accept"
        what="service plan"
        intent="accept"
        submitLabel="Accept service plan"
        nameMax={SIGNER_NAME_MAX}
        name={name}
        errors={errors}
      />
    </Form>
  );
}

export const handle: HydrationHandle = { hydrate: false };

// The page holds the customer's plan and signature: never kept by a cache or indexed.
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.view.name} | ${data.view.companyName}` : "Service plan" },
  { name: "robots", content: "noindex" },
];
