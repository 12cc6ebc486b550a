import { Form } from "@remix-run/react";
import {
  CustomerSection,
  documentFieldAt,
  FormActions,
  FormAlert,
  NotesAndTagsSection,
} from "~/components/document-form";
import { FieldError, PlainTextareaField, PlainTextField, type Option } from "~/components/form";
import {
  AddLineButtons,
  CheckboxList,
  isChecked,
  LineItemFields,
  TaxAndDiscountFields,
  VisitTimeFields,
} from "~/components/line-item-fields";

type Line = Record<string, string>;
type OptionValues = { id?: string; name?: string; lineItems?: Line[] };
type EstimateValues = Record<string, unknown> & { options?: OptionValues[] };

export type EstimateFormProps = {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  employees: Option[];
  tagOptions: Option[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  showCosts?: boolean;
  loaded?: EstimateValues;
  posted?: { values?: EstimateValues; errors?: Record<string, string> };
  withSchedule: boolean;
  submitLabel: string;
  cancelTo: string;
};

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === "" ? [] : [String(v)]);
const emptyLine: Line = { name: "", quantity: "1", unitPrice: "", kind: "1" };

/**
 * The estimate form (create and edit): options, each with its lines (optional lines with the
 * recommended flag), then money, schedule, notes and tags. Every add and remove is a submit button
 * with an intent, so the form works without JavaScript.
 */
export function EstimateForm({
  loaded,
  posted,
  customer,
  addresses,
  employees,
  tagOptions,
  priceItems,
  taxRates,
  showCosts = true,
  withSchedule,
  submitLabel,
  cancelTo,
}: EstimateFormProps) {
  const values = posted?.values ?? loaded ?? {};
  const errors = posted?.errors ?? {};
  const options: OptionValues[] = values.options?.length
    ? values.options
    : [{ name: "Option 1", lineItems: [emptyLine] }];
  const shown = { ...values, options };
  const field = documentFieldAt("estimate", shown, errors);
  return (
    <Form method="post" className="stack job-form" noValidate>
      {/* Enter in a field saves (the form's first submit button is its default one), not "Remove line". */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <FormAlert error={errors._global} />
      <CustomerSection customer={customer} addresses={addresses} field={field} error={errors.customerId}>
        <PlainTextField
          label="Estimate title"
          {...field("name")}
          hint="Defaults to the first line item"
          maxLength={255}
        />
        <PlainTextareaField label="Description" {...field("description")} rows={3} />
      </CustomerSection>

      {options.map((option, i) => {
        const lines = option.lineItems?.length ? option.lineItems : [emptyLine];
        return (
          <section key={i} className="card stack" aria-labelledby={`estimate-option-${i}-title`}>
            <h2 id={`estimate-option-${i}-title`}>Option {i + 1}</h2>
            <input type="hidden" name={`options[${i}].id`} value={str(option.id)} />
            <PlainTextField
              label="Option name"
              {...field(`options.${i}.name`, `Option ${i + 1}`, `options[${i}].name`)}
            />
            <FieldError error={errors[`options.${i}.lineItems`]} />
            {lines.map((line, j) => (
              <LineItemFields
                key={j}
                prefix={`options[${i}].lineItems[${j}]`}
                errorPrefix={`options.${i}.lineItems.${j}`}
                label={`Line ${j + 1}`}
                line={line}
                field={field}
                showCosts={showCosts}
                removeIntent={`removeLine:${i}:${j}`}
              >
                <input
                  type="hidden"
                  name={`options[${i}].lineItems[${j}].isApproved`}
                  value={isChecked(line.isApproved) ? "on" : ""}
                />
                <div className="field field-checkbox">
                  <label>
                    <input
                      type="checkbox"
                      name={`options[${i}].lineItems[${j}].isOptional`}
                      defaultChecked={isChecked(line.isOptional)}
                    />{" "}
                    Optional
                  </label>
                  <label>
                    <input
                      type="checkbox"
                      name={`options[${i}].lineItems[${j}].isRecommended`}
                      defaultChecked={isChecked(line.isRecommended)}
                    />{" "}
                    Recommended
                  </label>
                </div>
              </LineItemFields>
            ))}
            <AddLineButtons
              idPrefix={`estimate-option-${i}`}
              selectName={`priceItem-${i}`}
              priceItems={priceItems}
              addIntent={`addLine:${i}`}
              priceIntent={`addPriceItem:${i}`}
              error={errors[`priceItem-${i}`]}
              label={`Add line to option ${i + 1}`}
            />
            {options.length > 1 ? (
              <button
                type="submit"
                name="intent"
                value={`removeOption:${i}`}
                className="button button-link"
                formNoValidate
              >
                Remove option {i + 1}
              </button>
            ) : null}
          </section>
        );
      })}
      <div className="row wrap">
        <button type="submit" name="intent" value="addOption" className="button" formNoValidate>
          Add option
        </button>
        <FieldError error={errors.options} />
      </div>

      <section className="card stack">
        <h2>Tax and discount</h2>
        <p className="muted">Every option uses the same tax rate and discount. Optional lines count once approved.</p>
        <TaxAndDiscountFields idPrefix="estimate" field={field} taxRates={taxRates} />
      </section>

      {withSchedule ? (
        <section className="card stack">
          <h2>Visit</h2>
          <VisitTimeFields
            field={field}
            allDay={values.isAllDay === "on"}
            startHint="Leave empty for an unscheduled estimate"
          />
          <CheckboxList
            legend="Assigned employees"
            name="employeeIds"
            options={employees}
            selected={list(values.employeeIds)}
            error={errors.employeeIds}
          />
        </section>
      ) : null}

      <NotesAndTagsSection
        field={field}
        tagOptions={tagOptions}
        selectedTags={list(values.tags)}
        noTags="No estimate tags yet."
      />
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
