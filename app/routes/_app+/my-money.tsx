import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { handOffMeta, StripeHandOff } from "~/components/stripe-hand-off";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { unknownIntent } from "~/http/forms.server";
import {
  connectedBalance,
  ensurePaymentAccount,
  expressDashboardLink,
  getPaymentAccount,
  onboardingLink,
  PaymentsError,
  refreshPaymentAccount,
} from "~/models/payments/card-payments.server";
import { paymentsEnabled } from "~/services/payments.server";
import { PAYMENTS_NOT_SET_UP } from "~/services/payments-notice";
import { toasts } from "~/sessions.server";
import { formatMoney } from "~/utils/format";

/** Beside the onboarding tip (the spec's banner, dismissible): what the account's state means now. */
const APPROVAL_NOTE = "Stripe is reviewing your details: approval may take 3-5 business days.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.myMoney);
  const enabled = paymentsEnabled();
  // ?continue=: a one-time Stripe link made now, which the page follows (meta refresh; see stripe-hand-off)
  const next = new URL(request.url).searchParams.get("continue");
  let handOff: string | null = null;
  let handOffError: string | null = null;
  if (enabled && (next === "onboarding" || next === "dashboard")) {
    try {
      handOff = next === "onboarding" ? await onboardingLink(ctx.companyId) : await expressDashboardLink(ctx.companyId);
    } catch (error) {
      if (!(error instanceof PaymentsError)) throw error;
      handOffError = error.message;
    }
  }
  const account = await getPaymentAccount(ctx.companyId);
  const balance = enabled && account?.chargesEnabled ? await connectedBalance(ctx.companyId) : null;
  const sum = (rows: Array<{ amountCents: number }> | undefined) =>
    formatMoney(rows?.reduce((s, b) => s + b.amountCents, 0));
  return json({
    handOff,
    handOffError,
    enabled,
    account: account
      ? {
          chargesEnabled: account.chargesEnabled,
          payoutsEnabled: account.payoutsEnabled,
          detailsSubmitted: account.detailsSubmitted,
          updatedAt: account.updatedAt.toISOString(),
        }
      : null,
    balance: balance ? { available: sum(balance.available), pending: sum(balance.pending) } : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.myMoney);
  const intent = (await request.formData()).get("intent");
  try {
    switch (intent) {
      case "connect":
        await ensurePaymentAccount(ctx.companyId);
        return redirect("/my-money?continue=onboarding", 303);
      case "refresh":
        await refreshPaymentAccount(ctx.companyId);
        return toasts().redirectWithSuccess("/my-money", "Payment account state refreshed from Stripe");
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return toasts().redirectWithError("/my-money", error.message);
  }
}

const yesNo = (value: boolean) => (value ? "Yes" : "Not yet");

export default function MyMoneyRoute() {
  const { enabled, account, balance, handOff, handOffError } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="My Money" />
      {handOff ? <StripeHandOff url={handOff} label="Continue to Stripe" /> : null}
      {handOffError ? (
        <p className="form-error" role="alert">
          {handOffError}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="card-payments-title">
        <h2 id="card-payments-title">Card payments</h2>
        {!enabled ? (
          <p role="status">
            <strong>{PAYMENTS_NOT_SET_UP}.</strong> The platform has no Stripe configuration, so customers cannot pay
            invoices by card online. Everything else works; record cash, check and other payments on the invoice.
          </p>
        ) : !account ? (
          <>
            <p>
              Connect a Stripe account to let customers pay invoices by card. Stripe asks for your business and bank
              details; the money goes to your bank account.
            </p>
            <Form method="post">
              <button type="submit" name="intent" value="connect" className="button button-primary">
                Connect with Stripe
              </button>
            </Form>
          </>
        ) : (
          <>
            {account.detailsSubmitted && !account.chargesEnabled ? <p role="status">{APPROVAL_NOTE}</p> : null}
            {!account.detailsSubmitted ? (
              <p role="status">
                Finish Stripe&apos;s onboarding to take card payments; once submitted, approval may take 3-5 business
                days.
              </p>
            ) : null}
            <dl className="details">
              <dt>Card payments accepted</dt>
              <dd>{yesNo(account.chargesEnabled)}</dd>
              <dt>Payouts to your bank</dt>
              <dd>{yesNo(account.payoutsEnabled)}</dd>
              <dt>Details submitted</dt>
              <dd>{yesNo(account.detailsSubmitted)}</dd>
              {balance ? (
                <>
                  <dt>Available balance</dt>
                  <dd>{balance.available}</dd>
                  <dt>Pending balance</dt>
                  <dd>{balance.pending}</dd>
                </>
              ) : null}
            </dl>
            <div style={{ display: "flex", gap: "0.5rem", flexWrap: "wrap", alignItems: "center" }}>
              {account.detailsSubmitted ? (
                <a href="/my-money?continue=dashboard" className="button button-primary">
                  Open Stripe dashboard
                </a>
              ) : null}
              <Form method="post" style={{ display: "flex", gap: "0.5rem", flexWrap: "wrap" }}>
                {!account.detailsSubmitted || !account.chargesEnabled ? (
                  <button type="submit" name="intent" value="connect" className="button button-primary">
                    {account.detailsSubmitted ? "Update details at Stripe" : "Continue Stripe onboarding"}
                  </button>
                ) : null}
                <button type="submit" name="intent" value="refresh" className="button button-secondary">
                  Refresh state
                </button>
              </Form>
            </div>
          </>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data?.handOff, "My Money");
