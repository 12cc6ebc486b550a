import { json } from "@remix-run/node";
import { blankItem, builderInput, type BuilderItem, type BuilderValues } from "~/components/form-builder";
import { unknownIntent } from "~/http/forms.server";
import { parseNested } from "~/http/request-data.server";
import {
  FORM_ITEM_TYPES,
  formDefinitionSchema,
  ITEMS_MAX,
  type FormDefinitionInput,
} from "~/models/checklists/checklist-items";
import { fieldErrors, messages } from "~/utils/validation";

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** One posted item, only its own fields as strings (a choice list posted as several values joins by lines). */
function itemOf(raw: Record<string, unknown>): BuilderItem {
  return {
    key: text(raw.key),
    type: text(raw.type),
    label: text(raw.label),
    required: raw.required === "on" || raw.required === "true" ? "on" : "",
    options: Array.isArray(raw.options) ? raw.options.map(text).join("\n") : text(raw.options),
  };
}

/** The posted builder form and its intent; items past the limit are not read (the save refuses them). */
export function readBuilderForm(form: FormData): { intent: string; values: BuilderValues } {
  const raw = parseNested(form.entries());
  const items = Array.isArray(raw.items) ? raw.items : [];
  return {
    intent: text(raw.intent) || "save",
    values: {
      name: text(raw.name),
      description: text(raw.description),
      items: items
        .filter((i): i is Record<string, unknown> => !!i && typeof i === "object")
        .slice(0, ITEMS_MAX + 1)
        .map(itemOf),
      newItemType: text(raw.newItemType),
    },
  };
}

/** The builder again with its values and errors (an intent 200, a refused save 422); `revision` renews its fields. */
export const builderAnswer = (values: BuilderValues, errors: Record<string, string>, status = 422) =>
  json({ values, errors, revision: crypto.randomUUID() }, { status });

/** An intent's item index ("up:2"), or null when it names no item of the form. */
function indexIn(intent: string, items: unknown[]): number | null {
  const index = Number(intent.split(":")[1]);
  return Number.isInteger(index) && index >= 0 && index < items.length ? index : null;
}

/** Add, move and remove: the form again with the change, nothing saved. */
function changed(values: BuilderValues, intent: string): Response {
  const items = [...values.items];
  const [verb] = intent.split(":");
  if (verb === "add") {
    const type = values.newItemType?.trim() ? Number(values.newItemType) : Number.NaN;
    if (!(FORM_ITEM_TYPES as readonly number[]).includes(type))
      return builderAnswer(values, { newItemType: messages.required("Type") }, 400);
    items.push(blankItem(String(type)));
    return builderAnswer({ ...values, items }, {}, 200);
  }
  const index = indexIn(intent, items);
  const to = verb === "up" ? Number(index) - 1 : verb === "down" ? Number(index) + 1 : null;
  if (index === null || !["up", "down", "remove"].includes(verb)) return unknownIntent();
  const [item] = items.splice(index, 1);
  // Moving past an end leaves the item where it was.
  if (to !== null) items.splice(Math.min(Math.max(to, 0), items.length), 0, item);
  return builderAnswer({ ...values, items }, {}, 200);
}

/**
 * The post of the builder (new and edit): add, move up, move down and remove answer with the form,
 * nothing saved; save checks the form with formDefinitionSchema (the browser's check too) and runs
 * `save`; delete runs `remove` where the form exists. Anything else is a 400.
 */
export async function formBuilderAction(
  form: FormData,
  handlers: { save: (input: FormDefinitionInput) => Promise<Response>; remove?: () => Promise<Response> },
): Promise<Response> {
  const { intent, values } = readBuilderForm(form);
  if (intent === "delete") return handlers.remove ? handlers.remove() : unknownIntent();
  if (intent !== "save") return changed(values, intent);
  const input = formDefinitionSchema.safeParse(builderInput(values));
  if (!input.success) return builderAnswer(values, fieldErrors(input.error));
  return handlers.save(input.data);
}
