import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { handOffMeta, StripeHandOff } from "~/components/stripe-hand-off";
import { requireAccess } from "~/access/access.server";
import { planFeatureLabels } from "~/access/features";
import { screens } from "~/access/route-table";
import { BillingPeriod } from "~/models/billing/billing.schema";
import { BILLING_NOT_SET_UP } from "~/services/billing-notice";
import { formatMoney } from "~/utils/format";
import { billingAction, billingPage } from "./__billing.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.billing);
  return json(await billingPage(access, new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.billing);
  return billingAction(access, await request.formData(), new URL(request.url));
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type Posted = { errors?: Record<string, string>; planId?: number | null } | undefined;

export default function BillingRoute() {
  const page = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as Posted;
  const { state, words } = page;
  const globalError = posted?.errors?._global ?? (posted?.planId == null ? posted?.errors?.planId : undefined);
  return (
    <>
      <PageHeader title="Billing" />
      {page.handOff ? <StripeHandOff url={page.handOff} label="Continue to Stripe" /> : null}
      {page.handOffError ? (
        <p className="form-error" role="alert">
          {page.handOffError}
        </p>
      ) : null}
      {page.returned === "success" ? (
        <p role="status">Thank you! Your subscription starts as soon as Stripe confirms the payment.</p>
      ) : page.returned === "canceled" ? (
        <p role="status">Checkout was canceled: nothing was charged.</p>
      ) : null}
      {globalError ? (
        <p className="form-error" role="alert">
          {globalError}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="subscription-title">
        <h2 id="subscription-title">Your subscription</h2>
        <dl className="details">
          <dt>Status</dt>
          <dd>{words.status}</dd>
          <dt>Plan</dt>
          <dd>{state.planName ? `${state.planName} (${state.planPeriod})` : "None"}</dd>
          <dt>Employees</dt>
          <dd>
            {state.employeeLimit ? `${state.employees} of ${state.employeeLimit} allowed` : String(state.employees)}
          </dd>
        </dl>
        <p>{words.detail}</p>
        {!page.enabled ? (
          <p role="status">
            <strong>{BILLING_NOT_SET_UP}.</strong> The platform has no Stripe Billing configuration, so plans cannot be
            paid online here. Your trial and your plan keep working.
          </p>
        ) : state.hasStripeCustomer ? (
          <Form method="post">
            <button type="submit" name="intent" value="portal" className="button button-secondary">
              Manage payment method and invoices
            </button>
          </Form>
        ) : null}
      </section>
      <section className="stack" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        <nav aria-label="Billing period" className="row">
          <Link
            to="?period=monthly"
            aria-current={page.period === BillingPeriod.Monthly ? "page" : undefined}
            className={`button ${page.period === BillingPeriod.Monthly ? "button-primary" : "button-secondary"}`}
          >
            Monthly
          </Link>
          <Link
            to="?period=yearly"
            aria-current={page.period === BillingPeriod.Yearly ? "page" : undefined}
            className={`button ${page.period === BillingPeriod.Yearly ? "button-primary" : "button-secondary"}`}
          >
            Yearly
          </Link>
        </nav>
        {page.plans.length === 0 ? <p>No {page.periodLabel.toLowerCase()} plans are offered right now.</p> : null}
        <ul className="row" style={{ listStyle: "none", padding: 0, flexWrap: "wrap", alignItems: "stretch" }}>
          {page.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              page={page}
              error={posted?.planId === plan.id ? posted.errors?.planId : undefined}
            />
          ))}
        </ul>
      </section>
    </>
  );
}

function PlanCard({ plan, page, error }: { plan: Page["plans"][number]; page: Page; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("planId") === String(plan.id);
  const { state } = page;
  const current = state.planId === plan.id;
  const headingId = `plan-${plan.id}-title`;
  const errorId = `plan-${plan.id}-error`;
  // A paid subscription changes plans (prorated); a trial may switch plans or subscribe; otherwise subscribe.
  const canChange = !current && (state.hasStripeSubscription || state.isTrialing);
  const canSubscribe = page.enabled && !state.hasStripeSubscription;
  return (
    <li className="card stack" aria-labelledby={headingId} style={{ minWidth: "16rem", flex: "1 1 16rem" }}>
      <h3 id={headingId}>
        {plan.name}
        {current ? " (current plan)" : ""}
      </h3>
      <p>
        <strong>{formatMoney(plan.monthlyPriceCents)}</strong> a month
        {plan.billingPeriod === BillingPeriod.Yearly
          ? `, billed yearly (${formatMoney(plan.monthlyPriceCents * 12)})`
          : ", billed monthly"}
      </p>
      <p>
        Up to {plan.employeeLimit} employee{plan.employeeLimit === 1 ? "" : "s"}
      </p>
      <details>
        <summary>{plan.features.length} features</summary>
        <ul>
          {plan.features.map((f) => (
            <li key={f}>{planFeatureLabels[f as keyof typeof planFeatureLabels] ?? `Feature ${f}`}</li>
          ))}
        </ul>
      </details>
      <Form method="post" aria-describedby={error ? errorId : undefined}>
        <input type="hidden" name="planId" value={plan.id} />
        <div className="row">
          {canSubscribe && !(current && !state.isTrialing) ? (
            <button type="submit" name="intent" value="subscribe" className="button button-primary" disabled={busy}>
              Subscribe
            </button>
          ) : null}
          {canChange ? (
            <button type="submit" name="intent" value="changePlan" className="button button-secondary" disabled={busy}>
              Change plan
            </button>
          ) : null}
        </div>
        <FieldError id={errorId} error={error} />
      </Form>
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data?.handOff, "Billing");
