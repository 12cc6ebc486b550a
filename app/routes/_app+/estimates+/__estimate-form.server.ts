import { json } from "@remix-run/node";
import {
  documentFormAction,
  jobOrEstimateFormValues,
  lineItemFormValues,
} from "~/routes/_app+/__document-form-values.server";
import type { CallerContext } from "~/access/access.server";
import { parseNested } from "~/http/request-data.server";
import { TagType } from "~/models/company/tags.schema";
import {
  estimateCreateSchema,
  estimateUpdateSchema,
  OPTIONS_MAX,
  type EstimateCreateInput,
  type EstimateUpdateInput,
} from "~/models/estimates/estimates.schema";
import type { EstimateDetails } from "~/models/estimates/estimates.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import { RuleError } from "~/models/rules";
import { emptyLine, jobFormOptions, priceBookLine } from "~/routes/_app+/jobs+/__job-form.server";
import { fieldErrors } from "~/utils/validation";

type Line = Record<string, string>;
type OptionValues = { id?: string; name?: string; lineItems?: Line[] };
/** The raw values of the estimate form, as posted (kept to re-render the form). */
export type EstimateFormValues = Record<string, unknown> & { options?: OptionValues[] };

/** Pickers of the estimate form: the job form's (properties, employees, price book, tax rates) with estimate tags. */
export const estimateFormOptions = (ctx: CallerContext, customerId: number | null) =>
  jobFormOptions(ctx, customerId, TagType.Estimate);

const compact = <T>(v: unknown): T[] => (Array.isArray(v) ? (v.filter(Boolean) as T[]) : []);
const blankLine = (l: Line) => !String(l.name ?? "").trim() && !String(l.unitPrice ?? "").trim();

/** Reads the posted form and its intent; a save ignores rows left completely empty. */
async function readEstimateForm(request: Request) {
  const values = parseNested(await request.formData()) as EstimateFormValues;
  const intent = String(values.intent ?? "save");
  delete values.intent;
  const options = compact<OptionValues>(values.options).map((o) => {
    const lines = compact<Line>(o.lineItems);
    return { ...o, lineItems: intent === "save" ? lines.filter((l) => !blankLine(l)) : lines };
  });
  values.options = options.length ? options : [{ name: "Option 1", lineItems: [] }];
  return { intent, values };
}

const indexOf = (text: string, at: number) => Number(text.split(":")[at]);

/**
 * The form's intents that change what is on screen without saving (JavaScript or not): an option
 * added or removed, a blank line or a price book item added to an option, a line removed.
 */
async function intentResponse(ctx: CallerContext, values: EstimateFormValues, intent: string) {
  const options = [...(values.options ?? [])];
  const errors: Record<string, string> = {};
  const option = (i: number) => options[i] ?? null;
  if (intent === "addOption") {
    if (options.length >= OPTIONS_MAX) errors.options = `An estimate has at most ${OPTIONS_MAX} options`;
    else options.push({ name: `Option ${options.length + 1}`, lineItems: [emptyLine()] });
  } else if (intent.startsWith("removeOption:")) {
    if (options.length > 1) options.splice(indexOf(intent, 1), 1);
    else errors.options = "An estimate keeps at least one option";
  } else if (intent.startsWith("addLine:") && option(indexOf(intent, 1))) {
    const o = option(indexOf(intent, 1))!;
    options[indexOf(intent, 1)] = { ...o, lineItems: [...(o.lineItems ?? []), emptyLine()] };
  } else if (intent.startsWith("addPriceItem:") && option(indexOf(intent, 1))) {
    const i = indexOf(intent, 1);
    const line = await priceBookLine(ctx, values[`priceItem-${i}`]);
    if (!line) errors[`priceItem-${i}`] = "Choose an item";
    else options[i] = { ...options[i], lineItems: [...(options[i].lineItems ?? []), line] };
  } else if (intent.startsWith("removeLine:") && option(indexOf(intent, 1))) {
    const i = indexOf(intent, 1);
    const lines = [...(options[i].lineItems ?? [])];
    lines.splice(indexOf(intent, 2), 1);
    options[i] = { ...options[i], lineItems: lines };
  } else return json({ message: "Unknown action" }, { status: 400 });
  return json({ values: { ...values, options }, errors });
}

/** A refused save: 422 with the posted values and the field errors. */
export const invalidEstimateForm = (values: EstimateFormValues, errors: Record<string, string>) =>
  json({ values, errors }, { status: 422 });

/**
 * The post of the estimate form (new and edit): an intent answers with the form, nothing saved;
 * a save runs `save`, where a business rule's refusal comes back like a validation error.
 */
export async function estimateFormAction(
  ctx: CallerContext,
  request: Request,
  save: (values: EstimateFormValues) => Promise<Response>,
) {
  return documentFormAction(await readEstimateForm(request), {
    onIntent: (values, intent) => intentResponse(ctx, values, intent),
    save,
    refusal: (error, values) => (error instanceof RuleError ? invalidEstimateForm(values, error.fieldErrors) : null),
  });
}

const instant = (v: unknown, allDay: boolean, timeZone: string) =>
  typeof v === "string" && v ? (wallInputToInstant(allDay ? v.slice(0, 10) : v, timeZone) ?? undefined) : undefined;

type Parsed<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

/** Validates the new-estimate form: wall-clock times in the company zone. */
export function parseEstimateCreate(values: EstimateFormValues, timeZone: string): Parsed<EstimateCreateInput> {
  const allDay = values.isAllDay === "on";
  const result = estimateCreateSchema.safeParse({
    ...values,
    startTime: instant(values.startTime, allDay, timeZone),
    endTime: instant(values.endTime, allDay, timeZone),
    timezone: timeZone,
    tags: values.tags ?? [],
    employeeIds: values.employeeIds ?? [],
    templateAttachments: values.templateAttachments ?? "",
  });
  return result.success ? { ok: true, input: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Validates the edit form (the visit's time is on the schedule page). */
export function parseEstimateUpdate(values: EstimateFormValues): Parsed<EstimateUpdateInput> {
  const result = estimateUpdateSchema.safeParse({
    ...values,
    tags: values.tags ?? [],
    discount: values.discount ?? "0",
  });
  return result.success ? { ok: true, input: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

const yes = (b: boolean) => (b ? "on" : "");

/** A stored estimate as the form's values (edit). */
export function estimateFormValues(estimate: EstimateDetails): EstimateFormValues {
  return {
    ...jobOrEstimateFormValues(estimate),
    options: estimate.options.map((o) => ({
      id: String(o.id),
      name: o.name,
      lineItems: o.lineItems.map((l) => ({
        ...lineItemFormValues(l),
        isOptional: yes(l.isOptional),
        isRecommended: yes(l.isRecommended),
        isApproved: yes(l.isApproved),
      })),
    })),
  };
}
