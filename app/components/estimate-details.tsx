import { Form } from "@remix-run/react";
import { FieldError, PlainTextField, type Option } from "~/components/form";
import { FilesAndTimeline, type FilesAndTimelineOf } from "~/components/job-details";
import { CheckboxList } from "~/components/line-item-fields";
import { LineItemName, LineItemsTable, type DocumentLine } from "~/components/line-items-table";
import { OneFieldForm, RenameForm } from "~/components/one-field-form";
import { VisitSummary, type Visit } from "~/components/visit-summary";
import { EstimateApproval, estimateEventLabels, estimateStatusLabels } from "~/models/estimates/estimates.schema";
import { lineItemKindLabels } from "~/models/line-items/line-items.schema";
import { formatInZone, formatMoney } from "~/utils/format";

type Line = DocumentLine & {
  isOptional: boolean;
  isRecommended: boolean;
  isApproved: boolean;
};
type EstimateOption = {
  id: number;
  name: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  lineItems: Line[];
};
type Details = Omit<Visit, "employees"> &
  FilesAndTimelineOf & {
    number: number;
    name: string | null;
    status: number;
    approval: number;
    discountCents: number;
    taxRate: number;
    totalCents: number;
    chosenOptionId: number | null;
    sentAt: string | null;
    answeredAt: string | null;
    declineReason: string | null;
    options: EstimateOption[];
    employees: { id: number; firstName: string; lastName: string }[];
    tags: { id: number; name: string }[];
  };

/** The timeline's words. */
const LABELS = { events: estimateEventLabels, statuses: estimateStatusLabels };

function lineNote(l: Line) {
  const notes = [lineItemKindLabels[l.kind], l.isTaxable ? "taxable" : null];
  if (l.isOptional)
    notes.push(l.isApproved ? "optional, approved" : "optional", l.isRecommended ? "recommended" : null);
  return (
    <>
      {" "}
      <span className="muted">({notes.filter(Boolean).join(", ")})</span>
    </>
  );
}

/** One option: its lines and totals, rename and delete (never the last option). */
function OptionSection({
  option,
  estimate,
  canDelete,
  error,
}: {
  option: EstimateOption;
  estimate: Details;
  canDelete: boolean;
  error?: string;
}) {
  const chosen = estimate.chosenOptionId === option.id;
  return (
    <section className="card stack" aria-labelledby={`option-${option.id}`}>
      <h2 id={`option-${option.id}`}>
        {option.name}
        {chosen ? <span className="badge"> Chosen</span> : null}
      </h2>
      <div className="table-wrap">
        <LineItemsTable
          columns={["Item", "Qty", "Unit price", "Amount"]}
          rows={option.lineItems.map((l) => ({
            key: l.id,
            item: <LineItemName name={l.name} note={lineNote(l)} description={l.description} />,
            cells: [l.quantity, formatMoney(l.unitPriceCents), formatMoney(l.amountCents)],
          }))}
          totals={[
            { label: "Subtotal", value: formatMoney(option.subtotalCents) },
            { label: "Discount", value: `-${formatMoney(Math.min(estimate.discountCents, option.subtotalCents))}` },
            { label: `Tax (${estimate.taxRate / 100}%)`, value: formatMoney(option.taxCents) },
            { label: "Total", value: <strong>{formatMoney(option.totalCents)}</strong> },
          ]}
        />
      </div>
      <div className="row wrap">
        <Form method="post" className="row wrap">
          <input type="hidden" name="optionId" value={option.id} />
          <PlainTextField
            id={`option-${option.id}-name`}
            label="Option name"
            name="name"
            defaultValue={option.name}
            maxLength={255}
            error={error}
          />
          <button className="button" name="intent" value="renameOption">
            Rename option
          </button>
        </Form>
        {canDelete ? (
          <Form method="post">
            <input type="hidden" name="optionId" value={option.id} />
            <button className="button button-link" name="intent" value="deleteOption">
              Delete option {option.name}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

/** The sections of the estimate details page; each form posts one intent. */
export function EstimateDetailsSections({
  estimate,
  employees,
  timezone,
  errors,
}: {
  estimate: Details;
  /** The company's employees to assign; empty for a field tech, who only reads who is assigned. */
  employees: Option[];
  timezone: string;
  errors: Record<string, string>;
}) {
  return (
    <div className="stack">
      <VisitSummary visit={estimate} timezone={timezone} whenLabel="Visit">
        <dt>Total</dt>
        <dd>{formatMoney(estimate.totalCents)}</dd>
        <dt>Sent</dt>
        <dd>{estimate.sentAt ? formatInZone(estimate.sentAt, timezone) : "Not sent yet"}</dd>
        <dt>Customer&apos;s answer</dt>
        <dd>
          {estimate.approval === EstimateApproval.Approved
            ? "Approved"
            : estimate.approval === EstimateApproval.Declined
              ? `Declined${estimate.declineReason ? `: ${estimate.declineReason}` : ""}`
              : "Not yet approved"}
          {estimate.answeredAt ? ` on ${formatInZone(estimate.answeredAt, timezone)}` : ""}
        </dd>
      </VisitSummary>

      {estimate.options.map((o) => (
        <OptionSection
          key={o.id}
          option={o}
          estimate={estimate}
          canDelete={estimate.options.length > 1}
          error={errors[`option-${o.id}`]}
        />
      ))}
      <section className="card stack" aria-labelledby="estimate-add-option">
        <h2 id="estimate-add-option">Add an option</h2>
        <OneFieldForm
          id="add-option-name"
          label="Option name"
          name="optionName"
          defaultValue={`Option ${estimate.options.length + 1}`}
          error={errors.optionName ?? errors.name}
          intent="addOption"
        >
          Add option
        </OneFieldForm>
        <p className="muted">Add its lines on the edit page.</p>
      </section>

      <section className="card stack" aria-labelledby="estimate-rename">
        <h2 id="estimate-rename">Title and employees</h2>
        <RenameForm label="Estimate title" name={estimate.name} error={errors.name} />
        {employees.length ? (
          <Form method="post" className="stack">
            <CheckboxList
              legend="Assigned employees"
              name="employeeIds"
              options={employees}
              selected={estimate.employees.map((e) => String(e.id))}
              error={errors.employeeIds}
            />
            <div>
              <button className="button" name="intent" value="employees">
                Save employees
              </button>
            </div>
          </Form>
        ) : null}
        <FieldError error={errors.employees} />
      </section>

      <FilesAndTimeline kind="estimate" record={estimate} labels={LABELS} errors={errors} timezone={timezone} />
    </div>
  );
}
