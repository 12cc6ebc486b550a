import { DocumentForm, documentFormState, PrivateNotesField, type DocumentFormProps } from "~/components/document-form";
import { EMPTY_LINE, LineItemsSection } from "~/components/line-item-fields";
import { PlainTextareaField, PlainTextField } from "~/components/form";

type Values = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

export type InvoiceFormProps = DocumentFormProps<Values>;

/**
 * The invoice form (new and edit): a real form; adding or removing a line posts an intent and the
 * form comes back with its values, so it works without JavaScript (the job form's pattern).
 */
export function InvoiceForm(props: InvoiceFormProps) {
  const form = documentFormState(props, "invoice", (v) => ({
    lineItems: v.lineItems?.length ? v.lineItems : [EMPTY_LINE],
  }));
  const { values, errors, field } = form;
  return (
    <DocumentForm
      {...props}
      form={form}
      header={
        <div className="grid-2">
          <PlainTextField label="Issue date" type="date" {...field("issueDate")} hint="Defaults to today" />
          <PlainTextField label="Due date" type="date" {...field("dueDate")} hint="Defaults to 30 days after issue" />
        </div>
      }
    >
      <LineItemsSection
        idPrefix="invoice"
        lines={values.lineItems}
        field={field}
        showCosts
        priceItems={props.priceItems}
        taxRates={props.taxRates}
        error={errors.priceItemId}
      />
      <section className="card stack">
        <h2>Notes</h2>
        <PlainTextareaField label="Message on invoice" {...field("message")} rows={3} />
        <PrivateNotesField field={field} />
      </section>
    </DocumentForm>
  );
}
