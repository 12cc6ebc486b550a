import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { documentFieldAt, FormActions, FormAlert } from "~/components/document-form";
import {
  DefaultSubmitButton,
  FieldError,
  PlainSelectField,
  PlainTextareaField,
  PlainTextField,
} from "~/components/form";
import { AddLineButtons, LineItemFields } from "~/components/line-item-fields";
import {
  chargeModeLabels,
  invoiceTimingLabels,
  PAYMENT_SCHEDULES,
  paymentScheduleLabels,
  PLAN_DURATIONS,
  priceTable,
} from "~/models/service-plans/plan-terms";
import { formatMoney } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";

type Line = Record<string, string>;
export type PlanVisitValues = { visitDescription?: string; lineItems?: Line[] };
/** The plan form's values as posted (strings), kept to show the form again. */
export type PlanFormValues = Record<string, unknown> & { visits?: PlanVisitValues[] };

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

const DURATION_OPTIONS = PLAN_DURATIONS.map((d) => ({
  value: d.months === null ? "" : String(d.months / 12),
  label: d.label,
}));
const SCHEDULE_OPTIONS = PAYMENT_SCHEDULES.map((s) => ({ value: s, label: paymentScheduleLabels[s] }));
const CHARGE_OPTIONS = Object.entries(chargeModeLabels).map(([value, label]) => ({ value, label }));
const TIMING_OPTIONS = Object.entries(invoiceTimingLabels).map(([value, label]) => ({ value, label }));
/** Table headers wrap here (the shared style keeps them on one line), so the table fits a phone. */
const WRAP = { whiteSpace: "normal" } as const;
/** The chosen schedule's row stands out. */
const CHOSEN = { fontWeight: 700, background: "#eef6f3" } as const;
const VISIT_COUNTS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** The terms the payments depend on, as typed: total in cents (null until it reads as money), months (null until cancelled), schedule. */
export type TypedTerms = { totalCents: number | null; durationMonths: number | null; schedule: number | null };

/** Reads the typed total ("$1,200.50"), duration (years, "" until cancelled) and schedule; the server and the browser share it. */
export function typedTerms(values: Record<string, unknown>) {
  const money = str(values.totalPrice).replace(/[$,\s]/g, "");
  const dollars = /^\d+(\.\d+)?$/.test(money) ? Number(money) : NaN;
  const years = str(values.durationInYears);
  const schedule = Number(str(values.paymentSchedule));
  return {
    totalCents: Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : null,
    durationMonths: years === "" ? null : Number(years) * 12,
    schedule:
      Number.isInteger(schedule) && (PAYMENT_SCHEDULES as readonly number[]).includes(schedule) ? schedule : null,
  } satisfies TypedTerms;
}

/**
 * The payments of the typed terms: the chosen schedule's per-payment price, and every schedule in a
 * table (plan-terms' priceTable). Rendered by the server for the posted values; with JavaScript it
 * follows the fields as they are typed.
 */
export function PlanPayments({ initial }: { initial: TypedTerms }) {
  const [terms, setTerms] = useState(initial);
  const anchor = useRef<HTMLDivElement>(null);
  // The server's answer to a post (another plan, an intent) shows its own values.
  const { totalCents, durationMonths, schedule } = initial;
  useEffect(() => setTerms({ totalCents, durationMonths, schedule }), [totalCents, durationMonths, schedule]);
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = () => {
      const data = new FormData(form);
      setTerms(
        typedTerms({
          totalPrice: data.get("totalPrice"),
          durationInYears: data.get("durationInYears"),
          paymentSchedule: data.get("paymentSchedule"),
        }),
      );
    };
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, []);
  const rows = terms.totalCents === null ? [] : priceTable(terms.totalCents, terms.durationMonths);
  const chosen = rows.find((r) => r.schedule === terms.schedule);
  const untilCancelled = terms.durationMonths === null;
  return (
    <div ref={anchor} className="stack">
      <p id="plan-per-payment" aria-live="polite">
        {chosen ? (
          <>
            Per payment: <strong>{formatMoney(chosen.perPaymentCents)}</strong>{" "}
            {chosen.count === null
              ? `(${chosen.label.toLowerCase()}, until cancelled)`
              : `(${chosen.count} payment${chosen.count === 1 ? "" : "s"}${
                  chosen.lastPaymentCents !== chosen.perPaymentCents
                    ? `, the last ${formatMoney(chosen.lastPaymentCents)}`
                    : ""
                })`}
          </>
        ) : (
          "Per payment: enter the total price and choose a payment schedule."
        )}
      </p>
      {rows.length ? (
        // Narrow enough for a phone without scrolling: the headers wrap.
        <div className="table-wrap" style={{ overflowX: "visible" }}>
          <table className="table" id="plan-price-table">
            <caption className="visually-hidden">Payments for each schedule</caption>
            <thead>
              <tr>
                <th scope="col" style={WRAP}>
                  Payment schedule
                </th>
                <th scope="col" style={WRAP}>
                  Payments
                </th>
                <th scope="col" style={WRAP}>
                  Per payment
                </th>
                <th scope="col" style={WRAP}>
                  Last payment
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.schedule}
                  aria-current={r.schedule === terms.schedule ? "true" : undefined}
                  style={r.schedule === terms.schedule ? CHOSEN : undefined}
                >
                  <th scope="row" style={WRAP}>
                    {r.label}
                  </th>
                  <td>{r.count ?? (untilCancelled ? "Until cancelled" : "")}</td>
                  <td>{formatMoney(r.perPaymentCents)}</td>
                  <td>{r.count === null ? "–" : formatMoney(r.lastPaymentCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {untilCancelled ? <p className="muted">Until cancelled, the total price is the price of one year.</p> : null}
    </div>
  );
}

/**
 * The plan form (new and edit): the plan, its price and payments, and the visits of a year, each
 * with its visit description and line items. Every add, remove and "Update visits" is a submit
 * button with an intent, so the form works without JavaScript.
 */
export function ServicePlanForm({
  values,
  errors,
  priceItems,
  showCosts,
  submitLabel,
  cancelTo,
}: {
  values: PlanFormValues;
  errors: Record<string, string>;
  priceItems: { id: number; name: string; priceCents: number }[];
  showCosts: boolean;
  submitLabel: string;
  cancelTo: string;
}) {
  const hydrated = useHydrated();
  const visits = values.visits?.length ? values.visits : [{ visitDescription: "", lineItems: [] }];
  const field = documentFieldAt("plan", { ...values, visits }, errors);
  return (
    <Form method="post" className="stack job-form" noValidate>
      {/* Enter in a field saves: the form's first submit button is its default one. */}
      <DefaultSubmitButton />
      <FormAlert error={errors._global} />
      <section className="card stack" aria-labelledby="plan-details-title">
        <h2 id="plan-details-title">Plan</h2>
        <PlainTextField label="Name" {...field("name")} maxLength={255} required />
        <PlainTextareaField label="Description" {...field("description")} rows={3} />
      </section>

      <section className="card stack" aria-labelledby="plan-price-title">
        <h2 id="plan-price-title">Price and payments</h2>
        <div className="grid-2">
          <PlainTextField label="Total price ($)" {...field("totalPrice")} inputMode="decimal" required />
          <PlainSelectField label="Duration" {...field("durationInYears")} options={DURATION_OPTIONS} />
          <PlainSelectField label="Payment schedule" {...field("paymentSchedule", "3")} options={SCHEDULE_OPTIONS} />
          <PlainSelectField label="Charging" {...field("chargeMode", "0")} options={CHARGE_OPTIONS} />
          <PlainSelectField label="Invoice timing" {...field("invoiceTiming", "1")} options={TIMING_OPTIONS} />
          <PlainTextField label="Tax rate (%)" {...field("taxRate")} inputMode="decimal" />
        </div>
        <PlanPayments initial={typedTerms(values)} />
        {hydrated ? null : (
          <div>
            <button type="submit" name="intent" value="prices" className="button" formNoValidate>
              Update payments
            </button>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="plan-visits-title">
        <h2 id="plan-visits-title">Visits</h2>
        <div className="row wrap" style={{ alignItems: "end" }}>
          <PlainSelectField
            label="Visits per year"
            {...field("visitsPerYear", String(visits.length))}
            options={VISIT_COUNTS}
          />
          <button type="submit" name="intent" value="visits" className="button" formNoValidate>
            Update visits
          </button>
        </div>
        <FieldError error={errors.visits} />
      </section>

      {visits.map((visit, i) => (
        <section key={i} className="card stack" aria-labelledby={`plan-visit-${i}-title`}>
          <h2 id={`plan-visit-${i}-title`}>Visit {i + 1}</h2>
          <PlainTextareaField
            label="Visit description"
            {...field(`visits.${i}.visitDescription`, "", `visits[${i}].visitDescription`)}
            hint="Copied to the visit's job"
            rows={2}
          />
          <FieldError error={errors[`visits.${i}.lineItems`]} />
          {(visit.lineItems ?? []).map((line, j) => (
            <LineItemFields
              key={j}
              prefix={`visits[${i}].lineItems[${j}]`}
              errorPrefix={`visits.${i}.lineItems.${j}`}
              label={`Line ${j + 1}`}
              line={line}
              field={field}
              showCosts={showCosts}
              removeIntent={`removeLine:${i}:${j}`}
            />
          ))}
          <AddLineButtons
            idPrefix={`plan-visit-${i}`}
            selectName={`priceItem-${i}`}
            priceItems={priceItems}
            addIntent={`addLine:${i}`}
            priceIntent={`addPriceItem:${i}`}
            error={errors[`priceItem-${i}`]}
            label={`Add line to visit ${i + 1}`}
          />
        </section>
      ))}

      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
