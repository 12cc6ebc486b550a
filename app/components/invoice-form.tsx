import { Form } from "@remix-run/react";
import {
  CustomerSection,
  documentFieldAt,
  FormActions,
  FormAlert,
  PrivateNotesField,
} from "~/components/document-form";
import { AddLineButtons, LineItemFields, TaxAndDiscountFields } from "~/components/line-item-fields";
import { PlainTextareaField, PlainTextField } from "~/components/form";

type Values = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

export type InvoiceFormProps = {
  customer: { id: number; name: string };
  addresses: { id: number; location: string }[];
  priceItems: { id: number; name: string; priceCents: number }[];
  taxRates: { id: number; name: string; rate: number }[];
  loaded?: Values;
  posted?: { values?: Values; errors?: Record<string, string> };
  submitLabel: string;
  cancelTo: string;
};

/**
 * The invoice form (new and edit): a real form; adding or removing a line posts an intent and the
 * form comes back with its values, so it works without JavaScript (the job form's pattern).
 */
export function InvoiceForm({
  customer,
  addresses,
  priceItems,
  taxRates,
  loaded,
  posted,
  submitLabel,
  cancelTo,
}: InvoiceFormProps) {
  const values = posted?.values ?? loaded ?? {};
  const errors = posted?.errors ?? {};
  const lines = values.lineItems?.length
    ? values.lineItems
    : [{ name: "", quantity: "1", unitPrice: "", cost: "", isTaxable: "", kind: "1", description: "" }];
  const shown = { ...values, lineItems: lines };
  const field = documentFieldAt("invoice", shown, errors);
  return (
    <Form method="post" className="stack" noValidate>
      <FormAlert error={errors._global} />
      <CustomerSection customer={customer} addresses={addresses} field={field} error={errors.customerId}>
        <div className="grid-2">
          <PlainTextField label="Issue date" type="date" {...field("issueDate")} hint="Defaults to today" />
          <PlainTextField label="Due date" type="date" {...field("dueDate")} hint="Defaults to 30 days after issue" />
        </div>
      </CustomerSection>
      <section className="card stack">
        <h2>Line items</h2>
        {lines.map((line, i) => (
          <LineItemFields
            key={i}
            prefix={`lineItems[${i}]`}
            errorPrefix={`lineItems.${i}`}
            label={`Line ${i + 1}`}
            line={line}
            field={field}
            showCosts
            removeIntent={`removeLine:${i}`}
          />
        ))}
        <AddLineButtons
          idPrefix="invoice"
          selectName="priceItemId"
          priceItems={priceItems}
          addIntent="addLine"
          priceIntent="addPriceItem"
          error={errors.priceItemId}
        />
        <TaxAndDiscountFields idPrefix="invoice" field={field} taxRates={taxRates} />
      </section>
      <section className="card stack">
        <h2>Notes</h2>
        <PlainTextareaField label="Message on invoice" {...field("message")} rows={3} />
        <PrivateNotesField field={field} />
      </section>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
