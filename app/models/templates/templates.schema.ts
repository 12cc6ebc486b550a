import { z } from "zod";
import { searchQuerySchema } from "~/http/query-schemas";
import { idArray, NAME_MAX, TEXT_MAX } from "~/models/jobs/jobs.schema";
import { lineItemsSchema } from "~/models/line-items/line-items.schema";
import { moneyField, taxRateField } from "~/models/line-items/money";
import { messages } from "~/utils/validation";

/** What a template starts (schema forms.ts): job 0, estimate 1. */
export const TemplateType = { Job: 0, Estimate: 1 } as const;
export type TemplateTypeValue = (typeof TemplateType)[keyof typeof TemplateType];
/** The entity type as the screens' URLs name it (/templates/job/new). */
export const templateTypeSlugs: Record<TemplateTypeValue, "job" | "estimate"> = { 0: "job", 1: "estimate" };
export const templateTypeLabels: Record<TemplateTypeValue, string> = { 0: "Job", 1: "Estimate" };

export const templateMessages = {
  created: "Template was created successfully!",
  saved: "Template was saved successfully!",
  deleted: (name: string) => `Template '${name}' was deleted`,
  uploaded: "File was uploaded successfully!",
  fileDeleted: "File was deleted",
  notFound: "Template not found",
  typeRequired: "Entity type must be 0 (Job) or 1 (Estimate)",
} as const;

/** The type as a number, or as the URL's word ("job", "estimate"). */
export const templateTypeField = z.preprocess(
  (v) => (v === "job" ? 0 : v === "estimate" ? 1 : v === "" || v === null ? undefined : v),
  z.coerce
    .number({ required_error: templateMessages.typeRequired, invalid_type_error: templateMessages.typeRequired })
    .int()
    .refine((n): n is TemplateTypeValue => n === 0 || n === 1, templateMessages.typeRequired),
);

export const typeOfSlug = (slug: string | undefined): TemplateTypeValue | null =>
  slug === "job" ? 0 : slug === "estimate" ? 1 : null;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (label: string) =>
  z.preprocess(blank, z.string().trim().max(TEXT_MAX, messages.max(label, TEXT_MAX)).optional());

/**
 * A template as the form and the API's `data` send it (money in dollars, tax rate in percent):
 * what a new job or estimate started from it is given.
 */
export const templateSchema = z.object({
  entityType: templateTypeField,
  name: z
    .string({ required_error: messages.required("Name"), invalid_type_error: messages.required("Name") })
    .trim()
    .min(1, messages.required("Name"))
    .max(NAME_MAX, messages.max("Name", NAME_MAX)),
  description: text("Description"),
  message: text("Message"),
  privateNotes: text("Private notes"),
  lineItems: lineItemsSchema.default([]),
  taxRate: taxRateField,
  discount: moneyField("Discount").transform((v) => v ?? 0),
  tags: idArray.default([]),
  companyCheckListIds: idArray.default([]),
});
export type TemplateInput = z.infer<typeof templateSchema>;

/** POST and PUT templates: {entityType, name, data: {description, message, privateNotes, lineItems, tags, taxRate, discount, companyCheckListIds}}. */
export const templateBodySchema = z
  .object({ entityType: z.unknown(), name: z.unknown(), data: z.record(z.unknown()).optional() })
  .transform(({ data, ...top }) => ({ ...data, ...top }))
  .pipe(templateSchema);

/** GET templates/page {entityType, searchQuery, paging}. */
export const templatesPageQuerySchema = searchQuerySchema.extend({
  entityType: templateTypeField.optional(),
});

/** GET templates/all?type. */
export const templatesAllQuerySchema = z.object({ type: templateTypeField.optional() });

/** DELETE templates/attachment {templateId, fileUrl}. */
export const templateAttachmentDeleteSchema = z.object({
  templateId: z.coerce.number({ invalid_type_error: "Template Id is required" }).int().positive(),
  fileUrl: z.string().min(1).max(2000),
});

/** The list sorts by name only: the index (company, type, lower(name), id) walks it. */
export const TEMPLATE_SORT_FIELDS = ["name"] as const;
