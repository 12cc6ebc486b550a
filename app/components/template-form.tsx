import { Form } from "@remix-run/react";
import { documentFieldAt, FormActions, FormAlert, NotesAndTagsSection, valueList } from "~/components/document-form";
import { DefaultSubmitButton, PlainTextareaField, PlainTextField, type Option } from "~/components/form";
import { CheckboxList, EMPTY_LINE, LineItemsSection } from "~/components/line-item-fields";

type TemplateValues = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

export type TemplateFormProps = {
  noun: string;
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  tagOptions: Option[];
  checklistOptions: Option[];
  /** The stored template (edit). */
  loaded?: TemplateValues;
  /** After a refused save or a line intent: the posted values and errors. */
  posted?: { values?: TemplateValues; errors?: Record<string, string> };
  submitLabel: string;
  cancelTo: string;
};

/**
 * A job or estimate template's form: what a new job or estimate starts with (no customer, no
 * visit). The job form's parts, so lines come from the price book the same way, and every add
 * and remove is a submit button with an intent: it works without JavaScript.
 */
export function TemplateForm(props: TemplateFormProps) {
  const stored: TemplateValues = props.posted?.values ?? props.loaded ?? {};
  const lineItems = stored.lineItems?.length ? stored.lineItems : [EMPTY_LINE];
  const values: TemplateValues = { ...stored, lineItems };
  const errors = props.posted?.errors ?? {};
  const field = documentFieldAt("template", values, errors);
  return (
    <Form method="post" className="stack job-form" noValidate>
      {/* Enter in a field saves (the form's first submit button is its default one), not "Remove line". */}
      <DefaultSubmitButton />
      <FormAlert error={errors._global} />
      <section className="card stack">
        <h2>{props.noun} template</h2>
        <PlainTextField label="Template name" {...field("name")} maxLength={255} required />
        <PlainTextareaField label="Description" {...field("description")} rows={3} />
      </section>
      <LineItemsSection
        idPrefix="template"
        lines={lineItems}
        field={field}
        showCosts
        priceItems={props.priceItems}
        taxRates={props.taxRates}
        error={errors.priceItemId}
      />
      <section className="card stack">
        <h2>Checklists</h2>
        <CheckboxList
          legend="Forms and checklists to assign"
          name="companyCheckListIds"
          options={props.checklistOptions}
          selected={valueList(values.companyCheckListIds)}
          empty={<p className="muted">No forms or checklists yet.</p>}
          error={errors.companyCheckListIds}
        />
      </section>
      <NotesAndTagsSection
        field={field}
        tagOptions={props.tagOptions}
        tags={values.tags}
        noTags={`No ${props.noun.toLowerCase()} tags yet.`}
      />
      <FormActions cancelTo={props.cancelTo} submitLabel={props.submitLabel} />
    </Form>
  );
}
