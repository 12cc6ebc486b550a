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
import { LineItemName, LineItemsTable } from "~/components/line-items-table";
import { PublicSignature } from "~/components/public-signature";
import { HONEYPOT_FIELD } from "~/models/accounts/accounts.schema";
import {
  estimateApproveSchema,
  estimateChoiceSchema,
  estimateDeclineSchema,
  SIGNER_NAME_MAX,
} from "~/models/estimates/estimate-approval.schema";
import { answerEstimate, getPublicEstimate, type PublicEstimate } from "~/models/estimates/estimate-approval.server";
import { EstimateApproval } from "~/models/estimates/estimates.schema";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import type { HydrationHandle } from "~/utils/hydration";
import { fieldErrors } from "~/utils/validation";
import { estimatePageView, type Choice, type EstimatePageView } from "./__estimate-approval.server";
import { EstimateTotalsScript } from "./__estimate-totals-script";
import { NO_STORE } from "./__payment-page";

async function requireEstimate(token: string | undefined): Promise<PublicEstimate> {
  const estimate = await getPublicEstimate(token ?? "");
  if (!estimate) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return estimate;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.estimateDetails);
  return json({ view: estimatePageView(await requireEstimate(params.token)) }, { headers: NO_STORE });
}

/** The posted choice; a ticked optional line of another option than the chosen one is not part of it. */
function postedChoice(form: FormData, estimate: PublicEstimate): Required<Choice> | { optionId?: undefined } {
  const { optionId, approvedLineItemIds } = estimateChoiceSchema.parse({
    optionId: form.get("optionId"),
    approvedLineItemIds: form.getAll("approvedLineItemIds"),
  });
  const option = estimate.options.find((o) => o.id === optionId);
  if (!option) return {};
  const own = new Set(option.lines.map((l) => l.id));
  return { optionId: option.id, approvedLineItemIds: approvedLineItemIds.filter((id) => own.has(id)) };
}

/** Approve, Decline, or (without JavaScript) Update total; an answer redirects back to the page showing it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.estimateDetails);
  const estimate = await requireEstimate(params.token);
  const form = await request.formData();
  const intent = form.get("intent");
  const choice = postedChoice(form, estimate);
  const answer = (status: number, errors: Record<string, string>) =>
    json(
      { view: estimatePageView(estimate, choice), errors, name: String(form.get("name") ?? "") },
      { status, headers: NO_STORE },
    );
  if (intent === "recompute") return answer(200, {});
  if (intent !== "approve" && intent !== "decline") return answer(400, { _global: "Unknown action." });
  if (form.get(HONEYPOT_FIELD)) return answer(400, { _global: "Please leave the hidden field empty." });
  const approve = estimateApproveSchema.safeParse({
    ...choice,
    name: form.get("name"),
    signature: form.get("signature"),
  });
  const decline = estimateDeclineSchema.safeParse({ reason: form.get("reason") });
  const parsed = intent === "approve" ? approve : decline;
  if (!parsed.success) return answer(400, fieldErrors(parsed.error));
  try {
    await answerEstimate(
      params.token ?? "",
      approve.success && intent === "approve"
        ? { kind: "approve", input: approve.data }
        : { kind: "decline", input: decline.data ?? {} },
    );
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return answer(409, error.fieldErrors);
  }
  return toasts().redirectWithSuccess(
    new URL(request.url).pathname,
    intent === "approve" ? "Thank you! Your approval was sent." : "Your answer was sent.",
    { headers: NO_STORE },
  );
}

/** The customer's estimate: choose an option and optional items, sign and approve, or decline. Works without JavaScript. */
export default function EstimateDetailsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const v = posted?.view ?? loaded.view;
  const errors: Record<string, string | undefined> = posted?.errors ?? {};
  return (
    <main className="public-page stack" style={{ maxWidth: "48rem", margin: "0 auto", padding: "1rem" }}>
      <header className="row">
        {v.companyLogoUrl ? (
          <img src={v.companyLogoUrl} alt={`${v.companyName} logo`} style={{ maxHeight: "3rem", width: "auto" }} />
        ) : null}
        <div>
          <h1>{v.companyName}</h1>
          {v.companyPhone && v.companyPhoneHref ? (
            <p className="muted">
              <a href={v.companyPhoneHref}>{v.companyPhone}</a>
            </p>
          ) : null}
        </div>
      </header>
      <section className="card stack" aria-labelledby="estimate-title">
        <h2 id="estimate-title">Estimate #{v.number}</h2>
        <dl className="details">
          <dt>Date</dt>
          <dd>{v.date}</dd>
          <dt>For</dt>
          <dd>{v.customerName || "—"}</dd>
          {v.address ? (
            <>
              <dt>Service address</dt>
              <dd>{v.address}</dd>
            </>
          ) : null}
        </dl>
        {v.companyMessage ? <p>{v.companyMessage}</p> : null}
        {v.message ? <p>{v.message}</p> : null}
      </section>
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      {v.approval !== EstimateApproval.Pending ? (
        <EstimateAnswer v={v} />
      ) : v.canAnswer ? (
        <EstimateAnswerForms v={v} errors={errors} name={posted?.name ?? ""} />
      ) : (
        <>
          <p className="alert alert-warning" role="status">
            This estimate is not open for approval yet ({v.statusLabel.toLowerCase()}). Please contact {v.companyName}
            {v.companyPhone ? ` at ${v.companyPhone}` : ""}.
          </p>
          {v.options.map((o) => (
            <OptionCard key={o.id} option={o} heading={o.name} selectable={false} />
          ))}
        </>
      )}
    </main>
  );
}

type Option = EstimatePageView["options"][number];

/** One option's lines and totals; optional lines are checkboxes while the estimate can be answered. */
function OptionCard({
  option,
  heading,
  selectable,
}: {
  option: Option;
  heading: React.ReactNode;
  selectable: boolean;
}) {
  return (
    <div className="card stack" data-option={option.id}>
      <h3 style={{ margin: 0 }}>{heading}</h3>
      <LineItemsTable
        columns={["Item", "Qty", "Amount"]}
        rows={option.lines.map((l) => ({
          key: l.id,
          item: (
            <span data-line data-amount={l.amountCents} data-taxable={String(l.isTaxable)}>
              {selectable && l.isOptional ? (
                <label className="checkbox">
                  <input type="checkbox" name="approvedLineItemIds" value={l.id} defaultChecked={l.ticked} />
                  <span>
                    Add {l.name}
                    {l.isRecommended ? <span className="badge badge-success"> Recommended</span> : null}
                  </span>
                </label>
              ) : (
                <LineItemName name={l.name} description={l.description} />
              )}
              {selectable && l.isOptional && l.description ? <span className="muted"> {l.description}</span> : null}
              {!selectable && l.isOptional ? <span className="muted"> (optional)</span> : null}
            </span>
          ),
          cells: [l.quantity, l.amount],
        }))}
        totals={[
          { label: "Subtotal", value: <output data-total="subtotal">{option.subtotal}</output> },
          ...(option.discount
            ? [{ label: "Discount", value: <output data-total="discount">-{option.discount}</output> }]
            : []),
          { label: "Tax", value: <output data-total="tax">{option.tax}</output> },
          { label: "Total", value: <strong data-total="total">{option.total}</strong> },
        ]}
      />
    </div>
  );
}

function EstimateAnswerForms({
  v,
  errors,
  name,
}: {
  v: EstimatePageView;
  errors: Record<string, string | undefined>;
  name: string;
}) {
  const selected = v.options.find((o) => o.id === v.selectedId) ?? v.options[0];
  const several = v.options.length > 1;
  return (
    <>
      <Form
        method="post"
        className="stack"
        data-estimate-form
        data-discount={v.discountCents}
        data-tax-rate={v.taxRate}
      >
        <Honeypot />
        <fieldset
          className="stack"
          style={{ border: 0, padding: 0, margin: 0 }}
          aria-describedby={errors.optionId ? "optionId-error" : undefined}
        >
          <legend className="visually-hidden">{several ? "Choose an option" : "Your estimate"}</legend>
          {several ? <h2>Choose an option</h2> : <input type="hidden" name="optionId" value={selected?.id} />}
          {v.options.map((o) => (
            <OptionCard
              key={o.id}
              option={o}
              selectable
              heading={
                several ? (
                  <label className="checkbox">
                    <input type="radio" name="optionId" value={o.id} defaultChecked={o.id === v.selectedId} />
                    <span>{o.name}</span>
                  </label>
                ) : (
                  o.name
                )
              }
            />
          ))}
          {errors.optionId ? (
            <p id="optionId-error" className="field-error">
              {errors.optionId}
            </p>
          ) : null}
          {errors.approvedLineItemIds ? <p className="field-error">{errors.approvedLineItemIds}</p> : null}
        </fieldset>
        <p className="row" style={{ justifyContent: "space-between" }}>
          <span>
            Total to approve: <strong data-approve-total>{selected?.total}</strong>
          </span>
          <button type="submit" name="intent" value="recompute" className="button button-secondary" data-recompute>
            Update total
          </button>
        </p>
        <section className="card stack" aria-labelledby="sign-title">
          <PublicSignature
            title="Sign and approve"
            what="estimate"
            intent="approve"
            submitLabel="Approve estimate"
            nameMax={SIGNER_NAME_MAX}
            name={name}
            errors={errors}
          />
        </section>
      </Form>
      <EstimateTotalsScript />
      <Form method="post" className="card stack" aria-labelledby="decline-title">
        <h2 id="decline-title">Decline</h2>
        <div className="field">
          <label htmlFor="decline-reason">Reason (optional)</label>
          <textarea
            id="decline-reason"
            name="reason"
            maxLength={1000}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "decline-reason-error" : undefined}
          />
          {errors.reason ? (
            <p id="decline-reason-error" className="field-error">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="decline" className="button button-danger">
          Decline estimate
        </button>
      </Form>
    </>
  );
}

/** The answer given: the approved option with its approved items and the signer, or the decline and its reason. */
function EstimateAnswer({ v }: { v: EstimatePageView }) {
  if (v.approval === EstimateApproval.Declined)
    return (
      <section className="card stack" aria-labelledby="answer-title">
        <h2 id="answer-title">You declined this estimate</h2>
        <p>Declined on {v.answeredOn}.</p>
        {v.declineReason ? <p>Reason: {v.declineReason}</p> : null}
      </section>
    );
  const option = v.options[0];
  return (
    <section className="stack" aria-labelledby="answer-title">
      <h2 id="answer-title">You approved this estimate</h2>
      <p>
        Approved on {v.answeredOn}
        {v.signatureName ? ` by ${v.signatureName}` : ""}
        {v.hasSignatureImage ? " (signed)" : ""}.
      </p>
      {option ? <OptionCard option={option} heading={option.name} selectable={false} /> : null}
    </section>
  );
}

export const handle: HydrationHandle = { hydrate: false };

// The page holds the customer's estimate and answer: never kept by a cache or indexed.
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Estimate #${data.view.number} | ${data.view.companyName}` : "Estimate" },
  { name: "robots", content: "noindex" },
];
