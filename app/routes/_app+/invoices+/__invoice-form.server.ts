import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { RuleError } from "~/models/rules";
import { documentFormAction } from "~/routes/_app+/__document-form-values.server";
import { jobFormOptions, lineIntentResponse, readJobForm } from "~/routes/_app+/jobs+/__job-form.server";

/** The raw values of the invoice form, as posted (kept to re-render the form). */
export type InvoiceFormValues = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

/** Pickers of the invoice form: the customer's properties, price book items, tax rates (the job form's). */
export async function invoiceFormOptions(ctx: CallerContext, customerId: number | null) {
  const { customer, addresses, priceItems, taxRates } = await jobFormOptions(ctx, customerId);
  return { customer, addresses, priceItems, taxRates };
}

/** A refused save: 400 with the posted values and the field errors. */
export const invalidInvoiceForm = (values: InvoiceFormValues, errors: Record<string, string>) =>
  json({ values, errors }, { status: 400 });

/**
 * The post of the invoice form (new and edit): a line intent (add, remove, from the price book)
 * answers with the form, nothing saved; a save runs `save`, and a business rule comes back like a
 * validation error.
 */
export async function invoiceFormAction(
  ctx: CallerContext,
  request: Request,
  save: (values: InvoiceFormValues) => Promise<Response>,
) {
  return documentFormAction(await readJobForm(request), {
    onIntent: (values, intent) => lineIntentResponse(ctx, values, intent),
    save,
    refusal: (error, values) => (error instanceof RuleError ? invalidInvoiceForm(values, error.fieldErrors) : null),
  });
}
