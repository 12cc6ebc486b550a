import { randomBytes } from "node:crypto";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { forbidden, notFound, requireAccess } from "~/access/access.server";
import { isBroadRole } from "~/access/roles";
import { screens } from "~/access/route-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FieldError, PlainTextField } from "~/components/form";
import { InvoiceStatusBadge, shortDate } from "~/components/invoice-status";
import { PageHeader } from "~/components/page-header";
import { PlanStatusBadge } from "~/components/service-plan-status";
import { unknownIntent } from "~/http/forms.server";
import { instantToWallInput } from "~/models/jobs/job-recurrence";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { RuleError } from "~/models/rules";
import { billingDateSchema, resendLinkSchema } from "~/models/service-plans/customer-plans.schema";
import {
  cancelCustomerPlan,
  getCustomerPlan,
  linkWanted,
  moveCustomerPlanBillingDate,
  planTermsView,
  sendPlanLink,
} from "~/models/service-plans/customer-plans.server";
import { cancelPreview } from "~/models/service-plans/plan-run.server";
import { acceptanceModeLabels, PlanStatus } from "~/models/service-plans/plan-terms";
import { toasts } from "~/sessions.server";
import { DATE_LONG, DATE_SHORT, formatInZone, formatMoney } from "~/utils/format";
import { fieldErrors } from "~/utils/validation";

type Posted = { errors: Record<string, string>; form: string };

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : notFound();
};

const cardText = (c: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null }) =>
  `${c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : "Card"} ending in ${c.last4 ?? "????"}${
    c.expMonth && c.expYear ? `, expires ${String(c.expMonth).padStart(2, "0")}/${c.expYear}` : ""
  }`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customerServicePlanDetails);
  const id = idOf(params.id);
  const plan = await getCustomerPlan(ctx, id);
  if (!plan) return notFound();
  const manage = isBroadRole(ctx.role);
  const tz = plan.timezone;
  const when = (d: Date | string | null, format = `${DATE_LONG} hh:mm a`) => (d ? formatInZone(d, tz, format) : null);
  const confirmCancel =
    manage && plan.status !== PlanStatus.Cancelled && new URL(request.url).searchParams.get("confirm") === "cancel";
  const preview = confirmCancel ? await cancelPreview(ctx, id) : null;
  return json({
    plan: {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      status: plan.status,
      customerId: plan.customerId,
      customerName: plan.customerName,
      address: [plan.location, plan.unitNumber].filter(Boolean).join(", "),
      acceptance: acceptanceModeLabels[plan.acceptanceMode as 0 | 1 | 2],
      soldBy: plan.soldBy,
      soldOn: when(plan.createdAt, DATE_LONG),
      sentOn: when(plan.sentAt),
      acceptedOn: when(plan.acceptedAt),
      signedName: plan.signedName,
      signedOn: when(plan.signedAt),
      signatureUrl: plan.signatureUrl,
      cancelledOn: when(plan.cancelledAt),
      cancelledBy: plan.cancelledBy,
      link: plan.link,
      card: plan.card ? cardText(plan.card) : null,
      automatic: plan.chargeMode === 0,
      linkWanted: linkWanted(plan),
      lastChargeError: plan.lastChargeError,
      lastChargeFailedOn: when(plan.lastChargeFailedAt),
      nextBilling: plan.status === PlanStatus.Active ? when(plan.nextBillingAt) : null,
      billingStarted: Boolean(plan.billingStartAt),
      billingDateValue: instantToWallInput(plan.nextBillingAt, tz),
      terms: planTermsView(plan),
      visits: plan.visitJobs.map((j) => ({
        id: j.id,
        title: j.name ?? `Visit ${(j.visitNumber ?? 0) + 1}`,
        status: jobStatusLabels[j.status as JobStatusValue] ?? String(j.status),
        date: when(j.startTime, DATE_SHORT),
      })),
      invoices: plan.invoices,
    },
    manage,
    confirmCancel,
    preview: preview && {
      futureVisits: preview.futureVisits.map((v) => ({ ...v, date: when(v.startTime, DATE_SHORT) })),
      openInvoices: preview.openInvoices,
    },
    requestToken: randomBytes(18).toString("base64url"),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customerServicePlanDetails);
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/service-plans/customer-service-plans/${id}`;
  const invalid = (errors: Record<string, string>, status = 400) =>
    json<Posted>({ errors, form: String(intent) }, { status });
  try {
    if (intent === "cancel") {
      if (!isBroadRole(ctx.role)) return forbidden();
      if (!(await cancelCustomerPlan(ctx, id))) return notFound();
      return toasts().redirectWithSuccess(here, "Service plan cancelled");
    }
    if (intent === "billingDate") {
      if (!isBroadRole(ctx.role)) return forbidden();
      const parsed = billingDateSchema.safeParse({ billingDate: form.get("billingDate") });
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      if (!(await moveCustomerPlanBillingDate(ctx, id, parsed.data.billingDate))) return notFound();
      return toasts().redirectWithSuccess(here, "Billing date changed");
    }
    if (intent === "resend") {
      const parsed = resendLinkSchema.safeParse({
        channel: form.get("channel"),
        requestToken: form.get("requestToken"),
      });
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const sent = await sendPlanLink(ctx, id, parsed.data.channel, parsed.data.requestToken);
      if (!sent) return notFound();
      if (!sent.sent) return invalid({ channel: sent.error }, 409);
      return toasts().redirectWithSuccess(here, sent.message);
    }
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return invalid(error.fieldErrors, 409);
  }
  return unknownIntent();
}

/** A sold plan: its terms, acceptance, card, visits and invoices; cancel (after a preview), change the billing date, resend the link. */
export default function CustomerServicePlanRoute() {
  const { plan, manage, confirmCancel, preview, requestToken } = useLoaderData<typeof loader>();
  const posted = useActionData<Posted>();
  const errors = posted?.errors ?? {};
  const location = useLocation();
  const t = plan.terms;
  return (
    <div className="stack">
      <PageHeader
        title={plan.name}
        badge={<PlanStatusBadge status={plan.status} failed={!!plan.lastChargeError} />}
        breadcrumb={{ label: "Customer Service Plans", to: "/service-plans/customer-service-plans" }}
        actions={
          manage && plan.status !== PlanStatus.Cancelled ? (
            <Link className="button button-danger" to="?confirm=cancel" preventScrollReset>
              Cancel plan
            </Link>
          ) : null
        }
      />
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      <div className="form-grid">
        <section className="card stack" aria-labelledby="plan-terms-title">
          <h2 id="plan-terms-title">Terms</h2>
          {plan.description ? <p>{plan.description}</p> : null}
          <dl className="details">
            <Detail term="Customer" value={<Link to={`/customers/${plan.customerId}`}>{plan.customerName}</Link>} />
            <Detail term="Property" value={plan.address || "—"} />
            <Detail term="Start date" value={t.startDate} />
            <Detail term="Duration" value={t.duration} />
            <Detail term={t.totalLabel} value={t.total} />
            <Detail
              term="Price per payment"
              value={`${t.perPayment} ${t.schedule.toLowerCase()} (${t.payments.toLowerCase()})${
                t.lastPayment ? `, last payment ${t.lastPayment}` : ""
              }`}
            />
            {t.tax ? <Detail term="Tax" value={t.tax} /> : null}
            <Detail term="Charging" value={t.chargeMode} />
            <Detail term="Invoice timing" value={t.timing} />
            <Detail term="First billing" value={t.firstBilling} />
          </dl>
          <h3>
            {t.visitsPerYear} {t.visitsPerYear === 1 ? "visit" : "visits"} per year
          </h3>
          <ol>
            {t.visits.map((v) => (
              <li key={v.label}>
                {v.label}
                {v.description ? `: ${v.description}` : ""}
              </li>
            ))}
          </ol>
        </section>
        <section className="card stack" aria-labelledby="plan-acceptance-title">
          <h2 id="plan-acceptance-title">Sale and acceptance</h2>
          <dl className="details">
            <Detail term="Sold" value={`${plan.soldOn ?? ""}${plan.soldBy ? ` by ${plan.soldBy}` : ""}`} />
            <Detail term="Acceptance" value={plan.acceptance} />
            {plan.sentOn ? <Detail term="Link sent" value={plan.sentOn} /> : null}
            <Detail term="Accepted" value={plan.acceptedOn ?? "Not yet"} />
            {plan.signedName ? <Detail term="Signed by" value={`${plan.signedName}, ${plan.signedOn ?? ""}`} /> : null}
            {plan.cancelledOn ? (
              <Detail
                term="Cancelled"
                value={`${plan.cancelledOn}${plan.cancelledBy ? ` by ${plan.cancelledBy}` : ""}`}
              />
            ) : null}
            <Detail
              term="Card"
              value={
                plan.card ??
                (plan.automatic
                  ? "No card saved yet: each payment's invoice stays due until the customer saves one"
                  : "Not used: an invoice is sent for each payment")
              }
            />
            {plan.lastChargeError ? (
              <Detail term="Last charge failed" value={`${plan.lastChargeFailedOn ?? ""}: ${plan.lastChargeError}`} />
            ) : null}
            <Detail term="Next billing" value={plan.nextBilling ?? "—"} />
            <Detail term="Customer's page" value={<a href={plan.link}>Open the customer&apos;s page</a>} />
          </dl>
          {plan.signatureUrl ? (
            <img
              src={plan.signatureUrl}
              alt={`Signature of ${plan.signedName ?? "the customer"}`}
              style={{ maxWidth: "100%", maxHeight: "8rem", background: "#fff", border: "1px solid var(--border)" }}
            />
          ) : null}
          {plan.linkWanted ? (
            <Form method="post" className="stack" aria-labelledby="resend-title" preventScrollReset>
              <h3 id="resend-title">
                {plan.status === PlanStatus.Pending ? "Send the link again" : "Send the link to save a card"}
              </h3>
              <input type="hidden" name="requestToken" value={requestToken} />
              <fieldset className="row wrap" style={{ border: 0, padding: 0, margin: 0 }}>
                <legend className="visually-hidden">Send by</legend>
                {[
                  { value: "2", label: "Email" },
                  { value: "1", label: "Text" },
                  { value: "3", label: "Both" },
                ].map((c) => (
                  <label key={c.value} className="checkbox">
                    <input type="radio" name="channel" value={c.value} defaultChecked={c.value === "2"} />
                    <span>{c.label}</span>
                  </label>
                ))}
              </fieldset>
              <FieldError error={posted?.form === "resend" ? errors.channel : undefined} />
              <button className="button" name="intent" value="resend">
                {plan.status === PlanStatus.Pending ? "Resend link" : "Send link"}
              </button>
            </Form>
          ) : null}
          {manage && plan.status === PlanStatus.Active && plan.billingStarted ? (
            <Form method="post" className="stack" aria-labelledby="billing-date-title" preventScrollReset>
              <h3 id="billing-date-title">Change the billing date</h3>
              <PlainTextField
                id="plan-billing-date"
                name="billingDate"
                type="datetime-local"
                label="Next billing date and time"
                hint="The payments after it follow from this date."
                defaultValue={plan.billingDateValue}
                error={errors.billingDate}
              />
              <button className="button" name="intent" value="billingDate">
                Change billing date
              </button>
            </Form>
          ) : null}
        </section>
      </div>
      <section className="card stack" aria-labelledby="plan-visits-title">
        <h2 id="plan-visits-title">Visits</h2>
        <SmallTable
          caption="Visits of the plan"
          headers={["Visit", "Date", "Status"]}
          rows={plan.visits.map((v) => ({
            key: v.id,
            cells: [
              <Link key="l" to={`/jobs/${v.id}`}>
                {v.title}
              </Link>,
              v.date ?? "—",
              v.status,
            ],
          }))}
          empty="No visits yet."
        />
      </section>
      <section className="card stack" aria-labelledby="plan-invoices-title">
        <h2 id="plan-invoices-title">Invoices</h2>
        <SmallTable
          caption="Invoices of the plan"
          headers={["Invoice", "Due", "Status", "Total", "Balance"]}
          rows={plan.invoices.map((i) => ({
            key: i.id,
            cells: [
              <Link key="l" to={`/invoices/${i.id}`}>
                #{i.number}
              </Link>,
              shortDate(i.dueDate),
              <InvoiceStatusBadge key="s" status={i.status} />,
              formatMoney(i.totalCents),
              formatMoney(i.balanceCents),
            ],
          }))}
          empty="No invoices yet."
        />
      </section>
      {confirmCancel && preview ? (
        <ConfirmDialog
          title="Cancel Service Plan"
          intent="cancel"
          confirmLabel="Cancel plan"
          declineLabel="Keep plan"
          cancelTo={location.pathname}
        >
          <p>Nothing more is invoiced or scheduled for this plan.</p>
          <h3>Future visits that will be cancelled</h3>
          {preview.futureVisits.length ? (
            <ul>
              {preview.futureVisits.map((v) => (
                <li key={v.id}>
                  {v.title || "Visit"}
                  {v.date ? `, ${v.date}` : ""}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None.</p>
          )}
          <h3>Open invoices that stay due</h3>
          {preview.openInvoices.length ? (
            <ul>
              {preview.openInvoices.map((i) => (
                <li key={i.id}>
                  Invoice #{i.number}: {formatMoney(i.balanceCents)} due
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

function SmallTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: { key: number; cells: ReactNode[] }[];
  empty: string;
}) {
  if (!rows.length) return <p className="muted">{empty}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) => (
                <td key={i} data-label={headers[i]}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.plan.name} | Fieldwise` : "Service Plan | Fieldwise" },
];
