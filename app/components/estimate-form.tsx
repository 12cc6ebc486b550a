import {
  DocumentForm,
  documentFormState,
  NotesAndTagsSection,
  VisitFields,
  type DocumentFormProps,
} from "~/components/document-form";
import { FieldError, PlainTextareaField, PlainTextField, type Option } from "~/components/form";
import {
  AddLineButtons,
  EMPTY_LINE,
  isChecked,
  LineItemFields,
  TaxAndDiscountFields,
} from "~/components/line-item-fields";

type Line = Record<string, string>;
type OptionValues = { id?: string; name?: string; lineItems?: Line[] };
type EstimateValues = Record<string, unknown> & { options?: OptionValues[] };

export type EstimateFormProps = DocumentFormProps<EstimateValues> & {
  employees: Option[];
  tagOptions: Option[];
  showCosts?: boolean;
  withSchedule: boolean;
};

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** A checkbox of an estimate line (optional, recommended), posted as "on". */
function LineCheckbox({ name, checked, label }: { name: string; checked: unknown; label: string }) {
  return (
    <label>
      <input type="checkbox" name={name} defaultChecked={isChecked(checked)} /> {label}
    </label>
  );
}

/**
 * The estimate form (create and edit): options, each with its lines (optional lines with the
 * recommended flag), then money, schedule, notes and tags. Every add and remove is a submit button
 * with an intent, so the form works without JavaScript.
 */
export function EstimateForm(props: EstimateFormProps) {
  const { employees, tagOptions, priceItems, taxRates, showCosts = true, withSchedule } = props;
  const form = documentFormState(props, "estimate", (v) => ({
    options: v.options?.length ? v.options : [{ name: "Option 1", lineItems: [EMPTY_LINE] }],
  }));
  const { values, errors, field } = form;
  const { options } = values;
  return (
    <DocumentForm
      {...props}
      form={form}
      className="stack job-form"
      header={
        <>
          <PlainTextField
            label="Estimate title"
            {...field("name")}
            hint="Defaults to the first line item"
            maxLength={255}
          />
          <PlainTextareaField label="Description" {...field("description")} rows={3} />
        </>
      }
    >
      {options.map((option, i) => {
        const lines = option.lineItems?.length ? option.lineItems : [EMPTY_LINE];
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
                  <LineCheckbox
                    name={`options[${i}].lineItems[${j}].isOptional`}
                    checked={line.isOptional}
                    label="Optional"
                  />
                  <LineCheckbox
                    name={`options[${i}].lineItems[${j}].isRecommended`}
                    checked={line.isRecommended}
                    label="Recommended"
                  />
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
          <VisitFields form={form} employees={employees} startHint="Leave empty for an unscheduled estimate" />
        </section>
      ) : null}

      <NotesAndTagsSection field={field} tagOptions={tagOptions} tags={values.tags} noTags="No estimate tags yet." />
    </DocumentForm>
  );
}
