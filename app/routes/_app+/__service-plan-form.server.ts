import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import type { PlanFormValues, PlanVisitValues } from "~/components/service-plan-form";
import { parseNested } from "~/http/request-data.server";
import { dollarsInput } from "~/models/line-items/money";
import { RuleError } from "~/models/rules";
import {
  planMessages,
  servicePlanSchema,
  VISITS_PER_YEAR_MAX,
  type ServicePlanInput,
} from "~/models/service-plans/plans.schema";
import type { OfferedPlan } from "~/models/service-plans/plans.server";
import { lineItemFormValues } from "~/routes/_app+/__document-form-values.server";
import { emptyLine, priceBookLine } from "~/routes/_app+/jobs+/__job-form.server";
import { fieldErrors } from "~/utils/validation";

type Line = Record<string, string>;

/** The form of a new plan: one visit a year, 1 year, paid monthly, charged automatically, billed on a date. */
export const NEW_PLAN_VALUES: PlanFormValues = {
  name: "",
  description: "",
  totalPrice: "",
  durationInYears: "1",
  paymentSchedule: "3",
  chargeMode: "0",
  invoiceTiming: "1",
  taxRate: "0",
  visitsPerYear: "1",
  visits: [{ visitDescription: "", lineItems: [] }],
};

/** A stored plan as the form's values (edit). */
export function planFormValues(plan: OfferedPlan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description ?? "",
    totalPrice: dollarsInput(plan.totalPriceCents),
    durationInYears: plan.durationMonths === null ? "" : String(plan.durationMonths / 12),
    paymentSchedule: String(plan.paymentSchedule),
    chargeMode: String(plan.chargeMode),
    invoiceTiming: String(plan.invoiceTiming),
    taxRate: String(plan.taxRate / 100),
    visitsPerYear: String(plan.visits.length),
    visits: plan.visits.map((v) => ({
      visitDescription: v.visitDescription ?? "",
      lineItems: v.lineItems.map(lineItemFormValues),
    })),
  };
}

const compact = <T>(v: unknown): T[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as T[]) : []);
const blankLine = (l: Line) => !String(l.name ?? "").trim() && !String(l.unitPrice ?? "").trim();

/** The visits-per-year field as a count 1..12, or null when it is not one. */
function visitCountOf(values: PlanFormValues): number | null {
  const n = Number(values.visitsPerYear);
  return Number.isInteger(n) && n >= 1 && n <= VISITS_PER_YEAR_MAX ? n : null;
}

/** The visits resized to `count`: new ones empty, the last ones dropped, the others kept as typed. */
const resized = (visits: PlanVisitValues[], count: number): PlanVisitValues[] =>
  Array.from({ length: count }, (_, i) => visits[i] ?? { visitDescription: "", lineItems: [] });

/** Reads the posted form and its intent; a save ignores line rows left completely empty. */
function readPlanForm(form: FormData) {
  const values = parseNested(form) as PlanFormValues;
  const intent = String(values.intent ?? "save");
  delete values.intent;
  values.visits = compact<PlanVisitValues>(values.visits)
    .slice(0, VISITS_PER_YEAR_MAX)
    .map((v) => {
      const lines = compact<Line>(v.lineItems);
      return { ...v, lineItems: intent === "save" ? lines.filter((l) => !blankLine(l)) : lines };
    });
  return { intent, values };
}

const indexOf = (text: string, at: number) => Number(text.split(":")[at]);

/**
 * The intents that change what is on screen without saving: "Update visits" (more or fewer visit
 * blocks, the typed values kept), "Update payments" (the price table of the typed terms), a line
 * added (blank or from the price book) or removed.
 */
async function intentResponse(ctx: CallerContext, values: PlanFormValues, intent: string) {
  const visits = [...(values.visits ?? [])];
  const errors: Record<string, string> = {};
  const visit = (i: number) => (Number.isInteger(i) ? (visits[i] ?? null) : null);
  if (intent === "visits") {
    const count = visitCountOf(values);
    if (count === null) errors.visitsPerYear = planMessages.visitsPerYear;
    else visits.splice(0, visits.length, ...resized(visits, count));
  } else if (intent === "prices") {
    // Nothing to change: the page shows the payments of the posted terms.
  } else if (intent.startsWith("addLine:") && visit(indexOf(intent, 1))) {
    const i = indexOf(intent, 1);
    visits[i] = { ...visits[i], lineItems: [...(visits[i].lineItems ?? []), emptyLine()] };
  } else if (intent.startsWith("addPriceItem:") && visit(indexOf(intent, 1))) {
    const i = indexOf(intent, 1);
    const line = await priceBookLine(ctx, values[`priceItem-${i}`]);
    if (!line) errors[`priceItem-${i}`] = "Choose an item";
    else visits[i] = { ...visits[i], lineItems: [...(visits[i].lineItems ?? []), line] };
  } else if (intent.startsWith("removeLine:") && visit(indexOf(intent, 1))) {
    const i = indexOf(intent, 1);
    const lines = [...(visits[i].lineItems ?? [])];
    lines.splice(indexOf(intent, 2), 1);
    visits[i] = { ...visits[i], lineItems: lines };
  } else return json({ message: "Unknown action" }, { status: 400 });
  return planFormAnswer({ ...values, visits, visitsPerYear: String(visits.length) }, errors, 200);
}

/** The form again with its values and errors (a refused save 422, an intent 200); `revision` renews its fields. */
export const planFormAnswer = (values: PlanFormValues, errors: Record<string, string>, status = 422) =>
  json({ values, errors, revision: crypto.randomUUID() }, { status });

/** Validates the form's values: the visits follow "Visits per year" when it reads as a count. */
export function parsePlanForm(values: PlanFormValues) {
  const count = visitCountOf(values);
  const visits = count === null ? (values.visits ?? []) : resized(values.visits ?? [], count);
  const shown = { ...values, visits };
  const result = servicePlanSchema.safeParse(shown);
  return result.success
    ? ({ ok: true, input: result.data, values: shown } as const)
    : ({ ok: false, errors: fieldErrors(result.error), values: shown } as const);
}

/**
 * The post of the plan form: an intent answers with the form, nothing saved; a save validates and
 * runs `save`, where a business rule's refusal (the name taken) comes back like a validation error.
 */
export async function planFormAction(
  ctx: CallerContext,
  form: FormData,
  save: (input: ServicePlanInput) => Promise<Response>,
) {
  const { intent, values } = readPlanForm(form);
  if (intent !== "save") return intentResponse(ctx, values, intent);
  const parsed = parsePlanForm(values);
  if (!parsed.ok) return planFormAnswer(parsed.values, parsed.errors);
  try {
    return await save(parsed.input);
  } catch (error) {
    if (error instanceof RuleError) return planFormAnswer(parsed.values, error.fieldErrors);
    throw error;
  }
}
