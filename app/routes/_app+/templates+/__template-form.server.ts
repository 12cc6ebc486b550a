import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { TagType } from "~/models/company/tags.schema";
import { RuleError } from "~/models/rules";
import {
  templateSchema,
  TemplateType,
  type TemplateInput,
  type TemplateTypeValue,
} from "~/models/templates/templates.schema";
import {
  getTemplate,
  templateChoice as templateChoiceOf,
  type TemplateDetails,
} from "~/models/templates/templates.server";
import { documentFormAction, lineItemFormValues } from "~/routes/_app+/__document-form-values.server";
import {
  jobFormOptions,
  lineIntentResponse,
  readJobForm,
  type JobFormValues,
} from "~/routes/_app+/jobs+/__job-form.server";
import { companyFormOptions } from "~/models/checklists/forms.server";
import { fieldErrors } from "~/utils/validation";

/** The template form's pickers: the job form's price book, tax rates and tags of the type, and the company's forms. */
export async function templateFormOptions(ctx: CallerContext, type: TemplateTypeValue) {
  const [options, checklists] = await Promise.all([
    jobFormOptions(ctx, null, type === TemplateType.Job ? TagType.Job : TagType.Estimate),
    companyFormOptions(ctx.companyId),
  ]);
  return {
    priceItems: options.priceItems,
    taxRates: options.taxRates,
    tagOptions: options.tagOptions,
    checklistOptions: checklists.map((c) => ({ value: c.id, label: c.name })),
  };
}

/**
 * The post of the template form (new and edit), read as the job form is (its line intents add and
 * remove lines without saving, so it works without JavaScript); `other` takes the page's own
 * intents (delete, a file removed); a save validates, then runs `save`, where a rule's refusal
 * comes back on its field.
 */
export async function templateFormAction(
  ctx: CallerContext,
  request: Request,
  type: TemplateTypeValue,
  save: (input: TemplateInput) => Promise<Response>,
  other: (intent: string, values: JobFormValues) => Promise<Response | null> = async () => null,
) {
  const read = await readJobForm(request);
  const answered = await other(read.intent, read.values);
  if (answered) return answered;
  return documentFormAction(read, {
    onIntent: (values, intent) => lineIntentResponse(ctx, values, intent),
    save: async (values) => {
      const parsed = templateSchema.safeParse({
        ...values,
        entityType: type,
        tags: values.tags ?? [],
        companyCheckListIds: values.companyCheckListIds ?? [],
      });
      if (!parsed.success) return json({ values, errors: fieldErrors(parsed.error) }, { status: 400 });
      return save(parsed.data);
    },
    refusal: (error, values) =>
      error instanceof RuleError ? json({ values, errors: error.fieldErrors }, { status: 400 }) : null,
  });
}

/** A stored template as the form's values (edit). */
export function templateFormValues(t: TemplateDetails): JobFormValues {
  return {
    name: t.name,
    description: t.description ?? "",
    message: t.message ?? "",
    privateNotes: t.privateNotes ?? "",
    taxRate: String(t.taxRate / 100),
    discount: (t.discountCents / 100).toFixed(2),
    tags: t.tags.map((tag) => String(tag.id)),
    companyCheckListIds: t.checklists.map((c) => String(c.id)),
    lineItems: t.lineItems.map((l) => ({ ...lineItemFormValues(l), imageUrl: l.imageUrl ?? "" })),
  };
}

/**
 * A new job's or estimate's form values from a template of its type (?templateId=): the texts,
 * lines (an estimate's as its first option), tags, tax rate, discount, and the template itself
 * with its files copied by default; null when there is no such template of the company.
 */
export async function templateStartValues(ctx: CallerContext, templateId: unknown, type: TemplateTypeValue) {
  const id = Number(templateId);
  const template = Number.isSafeInteger(id) && id > 0 ? await getTemplate(ctx, id) : null;
  if (!template || template.entityType !== type) return null;
  const { name: _name, companyCheckListIds: _forms, lineItems, ...values } = templateFormValues(template);
  return {
    ...values,
    templateId: String(template.id),
    templateAttachments: "on",
    ...(type === TemplateType.Job ? { lineItems } : { options: [{ name: "Option 1", lineItems }] }),
  };
}

/**
 * What a new job's or estimate's page needs of templates: the select's choices and the chosen one
 * (?templateId=), and the form's starting values from it (undefined without one).
 */
export async function templateStart(ctx: CallerContext, request: Request, type: TemplateTypeValue) {
  const templateId = new URL(request.url).searchParams.get("templateId");
  const [templateChoice, loaded] = await Promise.all([
    templateChoiceOf(ctx, type, templateId),
    templateId ? templateStartValues(ctx, templateId, type) : null,
  ]);
  return { templateChoice, loaded: loaded ?? undefined };
}
