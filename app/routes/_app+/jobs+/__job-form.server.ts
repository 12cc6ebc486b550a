import { json } from "@remix-run/node";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { customerAddresses, customers } from "~/db/schema";
import type { Access, CallerContext } from "~/access/access.server";
import { parseNested } from "~/http/request-data.server";
import { listTaxRates } from "~/models/company/company.server";
import { listEmployees } from "~/models/employees/employees.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import { jobCreateSchema, type JobCreateInput } from "~/models/jobs/jobs.schema";
import { JobRuleError } from "~/models/jobs/jobs.server";
import { dollarsInput } from "~/models/line-items/money";
import { listItems } from "~/models/price-book/price-book.server";
import { readsCosts } from "~/access/roles";
import { TagType, type TagTypeValue } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { fieldErrors } from "~/utils/validation";
import { documentFormAction } from "~/routes/_app+/__document-form-values.server";

/** The raw values of the job form, as posted (kept to re-render the form). */
export type JobFormValues = Record<string, unknown> & { lineItems?: Array<Record<string, string>> };

export const emptyLine = () => ({ name: "", description: "", quantity: "1", unitPrice: "", isTaxable: "", kind: "1" });

/** Pickers of the job form: the customer's properties, employees, job tags, price book items. */
export async function jobFormOptions(
  ctx: CallerContext,
  customerId: number | null,
  tagType: TagTypeValue = TagType.Job,
) {
  const [customer, addresses, employees, tagOptions, priceItems, taxRates] = await Promise.all([
    customerId
      ? db
          .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(and(eq(customers.id, customerId), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)))
          .then((r) => r[0] ?? null)
      : Promise.resolve(null),
    customerId
      ? db
          .select({ id: customerAddresses.id, location: customerAddresses.location })
          .from(customerAddresses)
          .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.companyId, ctx.companyId)))
          .orderBy(asc(customerAddresses.position))
      : Promise.resolve([] as { id: number; location: string }[]),
    listEmployees(ctx),
    listTags(ctx, tagType),
    listItems(ctx, {}),
    listTaxRates(ctx),
  ]);
  return {
    customer: customer
      ? { id: customer.id, name: [customer.firstName, customer.lastName].filter(Boolean).join(" ") }
      : null,
    addresses,
    employees: employees.map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}`.trim() })),
    tagOptions: tagOptions.map((t) => ({ value: t.id, label: t.label })),
    priceItems: priceItems.map((i) => ({
      id: i.id,
      name: i.name,
      priceCents: i.priceCents,
      ...(readsCosts(ctx.role) ? { costCents: i.costCents } : {}),
      isTaxable: i.isTaxable,
      description: i.description,
      itemType: i.itemType,
    })),
    taxRates,
    // A field tech never reads costs: the form has no Cost field for them, and the server keeps the lines' costs.
    showCosts: readsCosts(ctx.role),
  };
}
export type JobFormOptions = Awaited<ReturnType<typeof jobFormOptions>>;

type Read = { intent: string; values: JobFormValues };

/** Reads the posted job form and its intent (save, addLine, addPriceItem, removeLine:i). */
export async function readJobForm(request: Request): Promise<Read> {
  const form = await request.formData();
  const values = parseNested(form) as JobFormValues;
  const intent = String(values.intent ?? "save");
  delete values.intent;
  const lines = Array.isArray(values.lineItems) ? values.lineItems.filter(Boolean) : [];
  // Saving ignores rows left completely empty; the add/remove intents keep them on screen.
  values.lineItems =
    intent === "save" ? lines.filter((l) => String(l.name ?? "").trim() || String(l.unitPrice ?? "").trim()) : lines;
  return { intent, values };
}

/** A price book item of the company copied into a form line (the "Add item" intent), or null. */
export async function priceBookLine(ctx: CallerContext, itemId: unknown): Promise<Record<string, string> | null> {
  const id = Number(itemId);
  const [item] = Number.isSafeInteger(id) && id > 0 ? await listItems(ctx, { itemIds: [id] }) : [];
  if (!item) return null;
  return {
    name: item.name,
    description: item.description ?? "",
    quantity: "1",
    unitPrice: dollarsInput(item.priceCents),
    ...(readsCosts(ctx.role) ? { cost: dollarsInput(item.costCents) } : {}),
    isTaxable: item.isTaxable ? "on" : "",
    kind: String(item.itemType === 0 ? 0 : 1),
    priceListItemId: String(item.id),
  };
}

/**
 * The line intents of the job form (a blank row, a price book item copied into a new row, a row
 * removed): the form comes back with its values, nothing saved.
 */
export async function lineIntentResponse(ctx: CallerContext, values: JobFormValues, intent: string) {
  const lines = [...(values.lineItems ?? [])];
  let errors: Record<string, string> = {};
  if (intent === "addLine") lines.push(emptyLine());
  else if (intent === "addPriceItem") {
    const line = await priceBookLine(ctx, values.priceItemId);
    if (!line) errors = { priceItemId: "Choose an item" };
    else lines.push(line);
  } else if (intent.startsWith("removeLine:")) {
    lines.splice(Number(intent.slice("removeLine:".length)), 1);
  } else return json({ message: "Unknown action" }, { status: 400 });
  return json({ values: { ...values, lineItems: lines }, errors });
}

/** Validates the job form: wall-clock times in the company zone, recurrence 'never' as no rule. */
export function parseJobForm(
  values: JobFormValues,
  timeZone: string,
): { ok: true; input: JobCreateInput } | { ok: false; errors: Record<string, string> } {
  const allDay = values.isAllDay === "on";
  const start =
    typeof values.startTime === "string" && values.startTime
      ? wallInputToInstant(allDay ? values.startTime.slice(0, 10) : values.startTime, timeZone)
      : undefined;
  const end =
    typeof values.endTime === "string" && values.endTime
      ? wallInputToInstant(allDay ? values.endTime.slice(0, 10) : values.endTime, timeZone)
      : undefined;
  const recurrence = values.recurrence as Record<string, unknown> | undefined;
  const withRule =
    recurrence && recurrence.frequency !== undefined && recurrence.frequency !== ""
      ? cleanRecurrence(recurrence, timeZone)
      : null;
  const result = jobCreateSchema.safeParse({
    ...values,
    startTime: start ?? undefined,
    endTime: end ?? undefined,
    recurrence: withRule,
    timezone: timeZone,
    tags: values.tags ?? [],
    employeeIds: values.employeeIds ?? [],
    templateAttachments: values.templateAttachments ?? "",
  });
  if (!result.success) return { ok: false, errors: fieldErrors(result.error) };
  if (withRule && !result.data.startTime)
    return { ok: false, errors: { startTime: "Start time is required for a recurring job" } };
  return { ok: true, input: result.data };
}

function cleanRecurrence(r: Record<string, unknown>, timeZone: string) {
  const ends = r.ends ?? "never";
  const until =
    ends === "until" && typeof r.until === "string" && r.until
      ? wallInputToInstant(`${r.until}T23:59`, timeZone)
      : undefined;
  return {
    frequency: r.frequency,
    interval: r.interval,
    count: ends === "count" ? r.count : undefined,
    until: until ?? undefined,
    setPosition: r.setPosition,
    daysOfWeek: r.daysOfWeek,
    daysOfMonth: r.daysOfMonth,
    month: r.month,
  };
}

/**
 * The post of the job form (new and edit): a line intent answers with the form, nothing saved; a
 * save runs `save`, and a business-rule failure comes back like a validation error.
 */
export async function jobFormAction(
  ctx: CallerContext,
  request: Request,
  save: (values: JobFormValues) => Promise<Response>,
) {
  return documentFormAction(await readJobForm(request), {
    onIntent: (values, intent) => lineIntentResponse(ctx, values, intent),
    save,
    refusal: ruleErrorResponse,
  });
}

/** A refused save: 400 with the posted values and the field errors. */
export const invalidJobForm = (values: JobFormValues, errors: Record<string, string>) =>
  json({ values, errors }, { status: 400 });

/** Business-rule failures of a form save, answered like validation (400 with the values). */
export function ruleErrorResponse(error: unknown, values: JobFormValues) {
  if (error instanceof JobRuleError) return json({ values, errors: { [error.field]: error.message } }, { status: 400 });
  throw error;
}

export const isInactive = (access: Access) => !access.company.subscription.isActive;
