import { z } from "zod";
import { requiredText } from "~/utils/validation";

/** What a tag labels; the numbers are stored and sent by the API. */
export const TagType = { Customer: 0, Job: 1, Estimate: 2, Employee: 3, Invoice: 4 } as const;
export type TagTypeValue = (typeof TagType)[keyof typeof TagType];
export const TAG_TYPES: readonly TagTypeValue[] = [0, 1, 2, 3, 4];

export const tagTypeLabels: Record<TagTypeValue, string> = {
  0: "Customer",
  1: "Job",
  2: "Estimate",
  3: "Employee",
  4: "Invoice",
};

export const TAG_NAME_MAX = 50;
export const LEAD_SOURCE_NAME_MAX = 100;

export const tagTypeField = z.coerce
  .number({ invalid_type_error: "Type is required" })
  .int()
  .refine(
    (v): v is TagTypeValue => (TAG_TYPES as readonly number[]).includes(v),
    "Type must be one of 0 (Customer), 1 (Job), 2 (Estimate), 3 (Employee), 4 (Invoice)",
  );

export const tagNameField = () => requiredText("Name", { max: TAG_NAME_MAX });

export const tagTypeQuerySchema = z.object({ type: tagTypeField });
export const createTagSchema = z.object({ name: tagNameField(), type: tagTypeField });
export const renameTagSchema = z.object({ id: z.coerce.number().int().positive(), name: tagNameField() });

export const leadSourceNameField = () => requiredText("Name", { max: LEAD_SOURCE_NAME_MAX });
export const createLeadSourceSchema = z.object({ name: leadSourceNameField() });
export const renameLeadSourceSchema = z.object({ id: z.coerce.number().int().positive(), name: leadSourceNameField() });

/** The lookup shape the tag pickers read (customer form, campaign filters, employee form). */
export type TagOption = { id: number; label: string };
export type LeadSourceOption = { id: number; name: string };
