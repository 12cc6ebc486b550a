import { randomBytes } from "node:crypto";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { canOpen, notFound, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { AddCustomerLink, CustomerPicker } from "~/components/customer-picker";
import { FieldError, PlainSelectField, PlainTextField } from "~/components/form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { SignaturePad, signaturePadScript } from "~/components/signature-pad";
import { displayName } from "~/models/customers/customers.schema";
import { searchCustomers } from "~/models/customers/customers.server";
import { savedCardsView } from "~/models/payments/saved-cards.server";
import { RuleError } from "~/models/rules";
import { acceptanceModeField, sellPlanSchema } from "~/models/service-plans/customer-plans.schema";
import {
  getCustomerPlan,
  perPaymentCents,
  saleChoices,
  sellPlan,
  todayIn,
} from "~/models/service-plans/customer-plans.server";
import {
  AcceptanceMode,
  acceptanceModeLabels,
  PLAN_DURATIONS,
  paymentScheduleLabels,
} from "~/models/service-plans/plan-terms";
import { listOfferedPlans } from "~/models/service-plans/plans.server";
import { toasts } from "~/sessions.server";
import { formatMoney } from "~/utils/format";
import { fieldErrors, formatPhone } from "~/utils/validation";

type Posted = { values: Record<string, string>; errors: Record<string, string> };

const customerIdOf = (value: string | undefined) => {
  if (value === undefined) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : notFound();
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.assignServicePlan);
  const { ctx, company } = access;
  const url = new URL(request.url);
  const fromPicker = Number(url.searchParams.get("customerId"));
  if (!params.customerId && Number.isSafeInteger(fromPicker) && fromPicker > 0)
    throw redirect(`/assign-service-plan/${fromPicker}`);
  const customerId = customerIdOf(params.customerId);
  if (customerId === null) {
    const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
    const matches = q ? await searchCustomers(ctx, q, 20) : [];
    return json({ step: "customer" as const, q, matches: matches.map((c) => ({ id: c.id, name: displayName(c) })) });
  }
  const choices = await saleChoices(ctx, customerId);
  if (!choices) return notFound();
  const [plans, cards] = await Promise.all([listOfferedPlans(ctx, { limit: 200 }), savedCardsView(ctx, customerId)]);
  const today = todayIn(company.timezone);
  return json({
    step: "sale" as const,
    ...choices,
    plans: plans.map((p) => ({
      value: p.id,
      label: `${p.name}: ${formatMoney(perPaymentCents(p))} ${paymentScheduleLabels[p.paymentSchedule].toLowerCase()}, ${
        PLAN_DURATIONS.find((d) => d.months === p.durationMonths)?.label.toLowerCase() ?? ""
      }, ${p.visitsPerYear} ${p.visitsPerYear === 1 ? "visit" : "visits"} a year`,
    })),
    cards: cards.cards.map((c) => ({
      value: c.paymentMethodId,
      label: `${c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : "Card"} ending in ${c.last4 ?? "????"}`,
    })),
    cardNotice: cards.notice,
    defaults: { startDate: today, billingStart: `${today}T09:00`, requestToken: randomBytes(18).toString("base64url") },
    canManagePlans: canOpen(access, "/service-plans/plans-we-offer"),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.assignServicePlan);
  const customerId = customerIdOf(params.customerId);
  if (customerId === null) return notFound();
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "signature") values[key] = value;
  const invalid = (errors: Record<string, string>) => json<Posted>({ values, errors }, { status: 400 });
  const mode = acceptanceModeField.safeParse(values.acceptanceMode ?? "");
  if (!mode.success) return invalid({ acceptanceMode: mode.error.issues[0].message });
  const parsed = sellPlanSchema.safeParse({ ...values, signature: form.get("signature"), customerId });
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  let sale;
  try {
    sale = await sellPlan(ctx, parsed.data);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return invalid(error.fieldErrors);
  }
  if (!sale) return notFound();
  const to = (await getCustomerPlan(ctx, sale.id))
    ? `/service-plans/customer-service-plans/${sale.id}`
    : "/service-plans/customer-service-plans";
  if (sale.link && !sale.link.sent)
    return toasts().redirectWithError(to, `The plan was saved, but the link was not sent: ${sale.link.error}`);
  return toasts().redirectWithSuccess(
    to,
    sale.link
      ? sale.link.message.replace(/^Link sent/, "Service plan sent to the customer")
      : "Service plan sold: it is active",
  );
}

/** Sell a service plan: the customer (picked here when not in the URL), property, plan, dates and how it is accepted. */
export default function AssignServicePlanRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.step === "customer")
    return (
      <>
        <PageHeader title="Sell a Service Plan" breadcrumb={{ label: "Service Plans", to: "/service-plans" }} />
        <CustomerPicker idPrefix="plan" newPath="/assign-service-plan" q={data.q} matches={data.matches}>
          <AddCustomerLink />
        </CustomerPicker>
      </>
    );
  return <SaleForm data={data} />;
}

type SaleData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { step: "sale" }>;

function SaleForm({ data }: { data: SaleData }) {
  const posted = useActionData<Posted>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const v = posted?.values ?? {};
  const e = posted?.errors ?? {};
  const mode = v.acceptanceMode ?? String(AcceptanceMode.SendToCustomer);
  // The pad's inline script runs on a full page load; after a client-side navigation it is wired here.
  useEffect(() => signaturePadScript(), []);
  return (
    <>
      <PageHeader
        title="Sell a Service Plan"
        breadcrumb={{ label: "Service Plans", to: "/service-plans/customer-service-plans" }}
      />
      <Form method="post" className="stack" aria-label="Sell a service plan">
        <input type="hidden" name="requestToken" value={v.requestToken ?? data.defaults.requestToken} />
        {e._global || e.customerId ? (
          <p className="form-error" role="alert">
            {e._global ?? e.customerId}
          </p>
        ) : null}
        <section className="card stack" aria-labelledby="sale-customer-title">
          <h2 id="sale-customer-title">Customer and property</h2>
          <p>
            <strong>{data.customer.name}</strong> <Link to="/assign-service-plan">Change customer</Link>
          </p>
          {data.addresses.length === 0 ? (
            <p className="alert alert-warning">
              This customer has no property yet.{" "}
              <Link to={`/customers/${data.customer.id}/edit`}>Add a property to the customer</Link> first.
            </p>
          ) : (
            <PlainSelectField
              id="sale-property"
              name="customerAddressId"
              label="Property"
              options={data.addresses.map((a) => ({
                value: a.id,
                label: a.unitNumber ? `${a.location}, ${a.unitNumber}` : a.location,
              }))}
              defaultValue={v.customerAddressId ?? String(data.addresses[0].id)}
              error={e.customerAddressId}
            />
          )}
        </section>
        <section className="card stack" aria-labelledby="sale-plan-title">
          <h2 id="sale-plan-title">Plan and dates</h2>
          {data.plans.length === 0 ? (
            <EmptyState>
              No plans are offered yet. {data.canManagePlans ? <Link to="/service-plan/new">Create a plan</Link> : null}
            </EmptyState>
          ) : (
            <PlainSelectField
              id="sale-plan"
              name="servicePlanId"
              label="Plan"
              placeholder="Choose a plan"
              options={data.plans}
              defaultValue={v.servicePlanId ?? (data.plans.length === 1 ? String(data.plans[0].value) : "")}
              error={e.servicePlanId}
            />
          )}
          <div className="form-grid">
            <PlainTextField
              id="sale-start"
              name="startDate"
              type="date"
              label="Start date"
              hint="The sale date: the visits follow from it."
              defaultValue={v.startDate ?? data.defaults.startDate}
              error={e.startDate}
              required
            />
            <PlainTextField
              id="sale-billing"
              name="billingStart"
              type="datetime-local"
              label="First billing date and time"
              hint="For plans billed on a specific date and time."
              defaultValue={v.billingStart ?? data.defaults.billingStart}
              error={e.billingStart}
            />
          </div>
        </section>
        <fieldset className="card stack" aria-describedby={e.acceptanceMode ? "sale-mode-error" : undefined}>
          <legend>
            <h2 style={{ margin: 0 }}>How the customer accepts</h2>
          </legend>
          <FieldError id="sale-mode-error" error={e.acceptanceMode} />
          <ModeChoice mode={AcceptanceMode.WithCustomer} current={mode}>
            <p className="field-hint">The customer signs on this screen now; the plan is active at once.</p>
            <PlainTextField
              id="sale-signer"
              name="signerName"
              label="Customer's full name"
              autoComplete="off"
              maxLength={120}
              defaultValue={v.signerName ?? ""}
              hint="Typing the name signs the plan."
              error={e.signerName}
            />
            <SignaturePad nameInputId="sale-signer" />
            <FieldError error={e.signature} />
          </ModeChoice>
          <ModeChoice mode={AcceptanceMode.SendToCustomer} current={mode}>
            <p className="field-hint">
              The plan waits for the customer, who reviews, signs and saves a card on their own page.
            </p>
            <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="label">Send the link by</legend>
              <div className="row wrap">
                {[
                  { value: "2", label: `Email${data.customer.email ? ` (${data.customer.email})` : ""}` },
                  { value: "1", label: `Text${data.customer.phone ? ` (${formatPhone(data.customer.phone)})` : ""}` },
                  { value: "3", label: "Both" },
                ].map((c) => (
                  <label key={c.value} className="checkbox">
                    <input
                      type="radio"
                      name="channel"
                      value={c.value}
                      defaultChecked={(v.channel ?? "2") === c.value}
                    />
                    <span>{c.label}</span>
                  </label>
                ))}
              </div>
              <FieldError error={e.channel} />
            </fieldset>
          </ModeChoice>
          <ModeChoice mode={AcceptanceMode.ForCustomer} current={mode}>
            <p className="field-hint">You accept on the customer&apos;s behalf; the plan is active at once.</p>
            {data.cardNotice ? (
              <p className="alert alert-warning">
                {data.cardNotice} A plan charged automatically is invoiced instead (an invoice is sent for each
                payment).
              </p>
            ) : data.cards.length === 0 ? (
              <p className="muted">
                The customer has no saved card: a plan charged automatically is invoiced instead (an invoice is sent for
                each payment).
              </p>
            ) : (
              <PlainSelectField
                id="sale-card"
                name="paymentMethodId"
                label="Card to charge (plans charged automatically)"
                options={[{ value: "", label: "No card: send invoices instead" }, ...data.cards]}
                defaultValue={v.paymentMethodId ?? data.cards[0].value}
                error={e.paymentMethodId}
              />
            )}
          </ModeChoice>
        </fieldset>
        <div className="row">
          <Link className="button" to={`/customers/${data.customer.id}`}>
            Cancel
          </Link>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Working..." : "Sell plan"}
          </button>
        </div>
      </Form>
    </>
  );
}

function ModeChoice({ mode, current, children }: { mode: number; current: string; children: React.ReactNode }) {
  return (
    <div className="stack" style={{ borderTop: "1px solid var(--border)", paddingTop: "0.75rem" }}>
      <label className="checkbox">
        <input type="radio" name="acceptanceMode" value={mode} defaultChecked={current === String(mode)} />
        <strong>{acceptanceModeLabels[mode as 0 | 1 | 2]}</strong>
      </label>
      <div className="stack" style={{ paddingLeft: "1.75rem" }}>
        {children}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Sell a Service Plan | Fieldwise" }];
