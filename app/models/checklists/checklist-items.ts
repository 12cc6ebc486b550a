import { z } from "zod";
import type { FormAnswer, FormAnswerFile, FormItemDefinition } from "~/db/schema";
import { labelledEnum } from "~/utils/labelled-enum";
import { messages, requiredText, optionalText } from "~/utils/validation";

// The items of a form and their answers: one rule set for the builder, the job's and estimate's
// checklists, the public form, the API and the PDF (docs/decisions/064).

/** Spec "Form item types", numbered in their order. */
export const {
  values: FormItemType,
  labels: formItemTypeLabels,
  all: FORM_ITEM_TYPES,
} = labelledEnum({
  Checkbox: [0, "Checkbox"],
  Text: [1, "Text"],
  Images: [2, "Image(s)"],
  Flag: [3, "Flag"],
  Condition: [4, "Condition"],
  Signature: [5, "Signature"],
  YesNo: [6, "Yes/No"],
  Textarea: [7, "Long text"],
  MultipleChoice: [8, "Multiple choice"],
});
export type FormItemTypeValue = (typeof FORM_ITEM_TYPES)[number];

/** Condition values (spec): good, fair, poor. */
export const CONDITIONS = ["good", "fair", "poor"] as const;
export const conditionLabels: Record<(typeof CONDITIONS)[number], string> = {
  good: "Good",
  fair: "Fair",
  poor: "Poor",
};

/** A text item holds up to 60 characters (spec); a long text more. */
export const TEXT_ITEM_MAX = 60;
export const LONG_TEXT_MAX = 5000;
export const FORM_NAME_MAX = 100;
export const FORM_DESCRIPTION_MAX = 1000;
export const ITEM_LABEL_MAX = 255;
export const ITEMS_MAX = 100;
export const OPTIONS_MAX = 20;
export const OPTION_MAX = 100;
export const IMAGES_PER_ITEM_MAX = 10;

/** Items whose answer is a stored file (photos, the signature). */
export const hasFileAnswer = (type: number) => type === FormItemType.Images || type === FormItemType.Signature;

/** The form field of an item's answer, and of the stored photos a filler chose to remove. */
export const answerField = (key: string) => `answer-${key}`;
export const removeFileField = (key: string) => `remove-${key}`;

const itemSchema = z
  .object({
    key: z
      .string()
      .regex(/^[a-z0-9]{1,16}$/i)
      .optional(),
    // A blank type is a missing one, not 0 (checkbox).
    type: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce
        .number({ required_error: messages.required("Type"), invalid_type_error: messages.required("Type") })
        .int()
        .refine((t) => (FORM_ITEM_TYPES as readonly number[]).includes(t), messages.required("Type")),
    ),
    label: requiredText("Label", { max: ITEM_LABEL_MAX }),
    required: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()),
    options: z
      .array(z.string().trim().max(OPTION_MAX, messages.max("Choice", OPTION_MAX)))
      .max(OPTIONS_MAX, `A multiple choice holds at most ${OPTIONS_MAX} choices`)
      .optional(),
  })
  .transform((item) => ({
    ...item,
    options: item.type === FormItemType.MultipleChoice ? (item.options ?? []).filter((o) => o.length > 0) : undefined,
  }))
  .refine((item) => item.type !== FormItemType.MultipleChoice || (item.options?.length ?? 0) >= 2, {
    message: "Add at least 2 choices",
    path: ["options"],
  });

/** A form as the builder and the API save it; items without a key get one. */
export const formDefinitionSchema = z.object({
  name: requiredText("Name", { max: FORM_NAME_MAX }),
  description: optionalText("Description", { max: FORM_DESCRIPTION_MAX }),
  items: z.array(itemSchema).min(1, "Add at least 1 item").max(ITEMS_MAX, `A form holds at most ${ITEMS_MAX} items`),
});
export type FormDefinitionInput = z.infer<typeof formDefinitionSchema>;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Gives every item a key that is unique in the form, keeping the keys it had. */
export function withKeys(items: FormDefinitionInput["items"]): FormItemDefinition[] {
  const seen = new Set<string>();
  return items.map(({ key, type, label, required, options }) => {
    let k = key && !seen.has(key) ? key : newKey();
    while (seen.has(k)) k = newKey();
    seen.add(k);
    return { key: k, type, label, required, ...(options ? { options } : {}) };
  });
}

/** What a filler sent: the typed values by field name, and the files stored for this answer by item key. */
export type AnswerInput = {
  values: Record<string, string | undefined>;
  /** Newly stored files by item key (photos, the signature image). */
  files: Record<string, FormAnswerFile[]>;
  /** File URLs the filler removed, by item key. */
  removed: Record<string, string[]>;
};

const YES_NO = ["yes", "no"];

/**
 * The answers of a checklist from what was sent, with the previous answers' files kept unless
 * removed; errors by answer field with the catalogue's messages.
 */
export function parseAnswers(
  items: FormItemDefinition[],
  input: AnswerInput,
  previous: Record<string, FormAnswer>,
): { answers: Record<string, FormAnswer>; errors: Record<string, string> } {
  const answers: Record<string, FormAnswer> = {};
  const errors: Record<string, string> = {};
  for (const item of items) {
    const field = answerField(item.key);
    const raw = (input.values[field] ?? "").trim();
    const fail = (message: string) => (errors[field] = message);
    switch (item.type) {
      case FormItemType.Checkbox:
      case FormItemType.Flag: {
        const on = raw === "on" || raw === "true";
        if (item.required && !on) fail(messages.required(item.label));
        answers[item.key] = { value: on };
        break;
      }
      case FormItemType.Text:
      case FormItemType.Textarea: {
        const max = item.type === FormItemType.Text ? TEXT_ITEM_MAX : LONG_TEXT_MAX;
        if (raw.length > max) fail(messages.max(item.label, max));
        else if (item.required && !raw) fail(messages.required(item.label));
        answers[item.key] = { value: raw || null };
        break;
      }
      case FormItemType.Condition:
      case FormItemType.YesNo:
      case FormItemType.MultipleChoice: {
        const allowed: readonly string[] =
          item.type === FormItemType.Condition
            ? CONDITIONS
            : item.type === FormItemType.YesNo
              ? YES_NO
              : (item.options ?? []);
        const value = allowed.includes(raw) ? raw : null;
        if (item.required && !value) fail(messages.required(item.label));
        answers[item.key] = { value };
        break;
      }
      case FormItemType.Images:
      case FormItemType.Signature: {
        const removed = new Set(input.removed[item.key] ?? []);
        const kept = (previous[item.key]?.files ?? []).filter((f) => !removed.has(f.fileUrl));
        const added = input.files[item.key] ?? [];
        // A new signature replaces the old one; photos add up to the limit.
        const files =
          item.type === FormItemType.Signature
            ? added.length
              ? added.slice(-1)
              : kept.slice(0, 1)
            : [...kept, ...added];
        if (files.length > IMAGES_PER_ITEM_MAX) fail(`${item.label}: at most ${IMAGES_PER_ITEM_MAX} images`);
        else if (item.required && files.length === 0) fail(messages.required(item.label));
        answers[item.key] = { files };
        break;
      }
    }
  }
  return { answers, errors };
}

/** Files of the previous answers that the new answers no longer hold: to delete after the save. */
export function droppedFiles(previous: Record<string, FormAnswer>, next: Record<string, FormAnswer>): FormAnswerFile[] {
  const kept = new Set(Object.values(next).flatMap((a) => (a.files ?? []).map((f) => f.storageKey)));
  return Object.values(previous)
    .flatMap((a) => a.files ?? [])
    .filter((f) => !kept.has(f.storageKey));
}

/** Every required item has an answer. */
export function isComplete(items: FormItemDefinition[], answers: Record<string, FormAnswer>): boolean {
  return items.every((item) => {
    if (!item.required) return true;
    const a = answers[item.key];
    if (hasFileAnswer(item.type)) return (a?.files?.length ?? 0) > 0;
    return a?.value !== undefined && a.value !== null && a.value !== false && a.value !== "";
  });
}

/** An answer as read on the page, in the PDF and in the API's text: '' when unanswered. */
export function answerText(item: FormItemDefinition, answer: FormAnswer | undefined): string {
  const value = answer?.value;
  switch (item.type) {
    case FormItemType.Checkbox:
      return value === true ? "Checked" : "Not checked";
    case FormItemType.Flag:
      return value === true ? "Flagged" : "Not flagged";
    case FormItemType.YesNo:
      return value === "yes" ? "Yes" : value === "no" ? "No" : "";
    case FormItemType.Condition:
      return typeof value === "string" && value in conditionLabels
        ? conditionLabels[value as keyof typeof conditionLabels]
        : "";
    case FormItemType.Images:
    case FormItemType.Signature: {
      const n = answer?.files?.length ?? 0;
      return n === 0 ? "" : item.type === FormItemType.Signature ? "Signed" : `${n} ${n === 1 ? "image" : "images"}`;
    }
    default:
      return typeof value === "string" ? value : "";
  }
}
