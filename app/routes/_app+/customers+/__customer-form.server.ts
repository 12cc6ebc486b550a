import { json } from "@remix-run/node";
import type { z } from "zod";
import type { Access } from "~/access/access.server";
import { parseNested } from "~/http/request-data.server";
import { applyRowIntent, toFormValues, type CustomerFormValues } from "~/models/customers/customer-form";
import {
  customerInputSchema,
  customerMessages,
  stepOfField,
  WIZARD_STEPS,
  wizardStepSchema,
} from "~/models/customers/customers.schema";
import {
  createCustomer,
  CustomerRuleError,
  duplicateErrors,
  updateCustomer,
} from "~/models/customers/customers.server";
import { toasts } from "~/sessions.server";
import { unknownIntent } from "~/http/forms.server";

/** What the customer form's action answers when the page comes back (errors, another step, one more row). */
export type CustomerFormActionData = {
  formId: string;
  rev: number;
  fieldErrors: Record<string, string>;
  step: number;
  values: CustomerFormValues;
};

/** Field paths as the form names them: addresses[0].location, additionalEmails[1]. */
const pathName = (path: (string | number)[]) =>
  path.reduce<string>(
    (acc, part) =>
      typeof part === "number" || /^\d+$/.test(String(part))
        ? `${acc}[${part}]`
        : acc
          ? `${acc}.${part}`
          : String(part),
    "",
  );

function errorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[pathName(issue.path)] ??= issue.message;
  return out;
}

const LAST_STEP = WIZARD_STEPS.length - 1;

/**
 * The action of the Add Customer wizard and the edit form. Every button posts: Next checks the
 * step (and on Contact Info the duplicate rules), Back goes back, the row buttons add or remove
 * a row, Create or Save checks everything and redirects with the toast. Nothing typed is lost.
 */
export async function customerFormAction(
  request: Request,
  access: Access,
  options: { customerId?: number },
): Promise<Response> {
  const raw = parseNested(await request.formData());
  const wizard = options.customerId === undefined;
  const intent = typeof raw.intent === "string" ? raw.intent : wizard ? "next" : "save";
  const postedStep = wizard ? Math.min(Math.max(Math.floor(Number(raw.step)) || 0, 0), LAST_STEP) : 0;
  const values = toFormValues(raw, !wizard || postedStep === 0);
  const rev = (Math.floor(Number(raw.rev)) || 0) + 1;
  const answer = (step: number, fieldErrors: Record<string, string> = {}, next: CustomerFormValues = values) =>
    json<CustomerFormActionData>(
      { formId: `customer-form-${rev}`, rev, fieldErrors, step, values: { ...next, step: String(step) } },
      { status: Object.keys(fieldErrors).length ? 422 : 200 },
    );

  const withRow = applyRowIntent(values, intent);
  if (withRow) return answer(postedStep, {}, withRow);
  if (intent === "back" && wizard) return answer(Math.max(postedStep - 1, 0));
  if (intent === "next" && wizard) {
    const result = wizardStepSchema(postedStep, access.company.country).safeParse(values);
    if (!result.success) return answer(postedStep, errorsOf(result.error));
    if (postedStep === 0) {
      const input = customerInputSchema(access.company.country).safeParse({ ...values, addresses: [] });
      const duplicates = input.success ? await duplicateErrors(access.ctx, input.data) : {};
      if (Object.keys(duplicates).length) return answer(0, duplicates);
    }
    return answer(Math.min(postedStep + 1, LAST_STEP));
  }
  if ((intent === "create" && wizard) || (intent === "save" && !wizard)) {
    const result = customerInputSchema(access.company.country).safeParse(values);
    if (!result.success) {
      const errors = errorsOf(result.error);
      return answer(Math.min(...Object.keys(errors).map(stepOfField)), errors);
    }
    try {
      if (wizard) {
        const id = await createCustomer(access.ctx, result.data);
        return toasts().redirectWithSuccess(`/customers/${id}`, customerMessages.created);
      }
      if (!(await updateCustomer(access.ctx, options.customerId!, result.data)))
        throw json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
      return toasts().redirectWithSuccess(`/customers/${options.customerId}`, customerMessages.updated);
    } catch (error) {
      if (error instanceof CustomerRuleError) return answer(0, error.fieldErrors);
      throw error;
    }
  }
  return unknownIntent();
}
