import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { FormActions, FormAlert } from "~/components/document-form";
import {
  DefaultSubmitButton,
  FieldError,
  PlainSelectField,
  PlainTextareaField,
  PlainTextField,
} from "~/components/form";
import type { FormItemDefinition } from "~/db/schema";
import {
  CONDITIONS,
  conditionLabels,
  FORM_DESCRIPTION_MAX,
  FORM_ITEM_TYPES,
  FORM_NAME_MAX,
  formDefinitionSchema,
  FormItemType,
  formItemTypeLabels,
  ITEM_LABEL_MAX,
  TEXT_ITEM_MAX,
} from "~/models/checklists/checklist-items";
import { fieldErrors } from "~/utils/validation";
import { useHydrated } from "~/utils/use-hydrated";

/** One item as the builder posts it: strings, "on" for required, the choices one per line. */
export type BuilderItem = { key: string; type: string; label: string; required: string; options: string };
/** The builder's values as posted, kept to show the form again after an intent or a refused save. */
export type BuilderValues = { name: string; description: string; items: BuilderItem[]; newItemType?: string };

const TYPE_OPTIONS = FORM_ITEM_TYPES.map((t) => ({ value: t, label: formItemTypeLabels[t] }));
const isMultipleChoice = (type: string) => Number(type) === FormItemType.MultipleChoice;

export const NEW_FORM_VALUES: BuilderValues = { name: "", description: "", items: [] };

/** An empty item of a type, as "Add item" appends it. */
export const blankItem = (type: string): BuilderItem => ({ key: "", type, label: "", required: "", options: "" });

/** A stored form as the builder's values (edit). */
export function formValues(form: { name: string; description: string | null; items: FormItemDefinition[] }) {
  return {
    name: form.name,
    description: form.description ?? "",
    items: form.items.map((i) => ({
      key: i.key,
      type: String(i.type),
      label: i.label,
      required: i.required ? "on" : "",
      options: (i.options ?? []).join("\n"),
    })),
  } satisfies BuilderValues;
}

/** What formDefinitionSchema reads from the builder's values: the server's save and the browser's check while typing. */
export function builderInput(values: BuilderValues) {
  return {
    name: values.name,
    description: values.description,
    items: values.items.map((i) => ({
      key: i.key || undefined,
      // A missing type is no type (coercing "" would read as 0, a checkbox).
      type: i.type.trim() === "" ? undefined : i.type,
      label: i.label,
      required: i.required,
      options: i.options.split(/\r?\n/).filter((o) => o.trim() !== ""),
    })),
  };
}

/** The builder's errors by field (`name`, `items`, `items.2.label`, `items.2.options`), with the catalogue's messages. */
export function builderErrors(values: BuilderValues): Record<string, string> {
  const result = formDefinitionSchema.safeParse(builderInput(values));
  return result.success ? {} : fieldErrors(result.error);
}

/** An item on screen: its values and a stable id for React and focus (its key once saved). */
type Row = BuilderItem & { rowId: string };
let newRows = 0;
function rowsOf(items: BuilderItem[]): Row[] {
  const seen = new Set<string>();
  return items.map((item, n) => {
    const rowId = item.key && !seen.has(item.key) ? item.key : `new-${n}`;
    seen.add(rowId);
    return { ...item, rowId };
  });
}

/**
 * The form builder (new and edit): name, description and the items in order, each with its type,
 * label, required and (multiple choice) choices, and a preview of the filled form. Every add, move
 * and remove is a submit button with an intent, so without JavaScript the server answers with the
 * new state; with JavaScript the same buttons edit the form in place and the fields are checked
 * while typing, and Save still posts the whole form.
 */
export function FormBuilder({
  values,
  errors,
  submitLabel,
  cancelTo,
}: {
  values: BuilderValues;
  errors: Record<string, string>;
  submitLabel: string;
  cancelTo: string;
}) {
  const hydrated = useHydrated();
  const [name, setName] = useState(values.name);
  const [description, setDescription] = useState(values.description);
  const [rows, setRows] = useState(() => rowsOf(values.items));
  const [newType, setNewType] = useState(values.newItemType || String(FormItemType.Checkbox));
  // Fields the user has changed show their errors (while typing, so nothing moves under a click as a
  // field loses focus); all of them after a refused save.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(Object.keys(errors).length > 0);
  const [announcement, setAnnouncement] = useState("");
  const focusNext = useRef<string | null>(null);

  const current = { name, description, items: rows };
  const checked = hydrated ? builderErrors(current) : errors;
  const errorOf = (path: string, touchKey = path) =>
    !hydrated ? errors[path] : showAll || touched.has(touchKey) ? checked[path] : undefined;
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const update = (rowId: string, change: Partial<BuilderItem>) => {
    setRows((all) => all.map((r) => (r.rowId === rowId ? { ...r, ...change } : r)));
    for (const field of Object.keys(change)) touch(`${rowId}.${field}`);
  };

  /** With JavaScript an intent button edits in place instead of posting. */
  const inPlace = (run: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    run();
  };
  const add = () => {
    const row = { ...blankItem(newType), rowId: `added-${++newRows}` };
    setRows((all) => [...all, row]);
    focusNext.current = `item-${row.rowId}-label`;
    setAnnouncement(`${formItemTypeLabels[Number(newType) as keyof typeof formItemTypeLabels]} item added`);
  };
  const move = (index: number, by: -1 | 1) => {
    const row = rows[index];
    const to = index + by;
    const next = [...rows];
    next.splice(index, 1);
    next.splice(to, 0, row);
    setRows(next);
    // Keep focus on the moved item's button, or its other one once it reaches an end.
    const atEnd = to === 0 || to === rows.length - 1;
    focusNext.current = `item-${row.rowId}-${by < 0 ? (atEnd ? "down" : "up") : atEnd ? "up" : "down"}`;
    setAnnouncement(`Item moved to position ${to + 1} of ${rows.length}`);
  };
  const remove = (index: number) => {
    const next = rows.filter((_, n) => n !== index);
    setRows(next);
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? `item-${neighbour.rowId}-label` : "form-new-item-type";
    setAnnouncement(`Item ${index + 1} removed`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if ((submitter?.value ?? "save") !== "save" || Object.keys(checked).length === 0) return;
    // Refused in the browser as the server would refuse it: every error shown, the first field focused.
    event.preventDefault();
    setShowAll(true);
    const first = firstErrorField(checked, rows);
    if (first) focusNext.current = first;
  };

  return (
    <div className="form-builder stack">
      <Form method="post" className="stack" noValidate onSubmit={onSubmit}>
        {/* Enter in a field saves (the form's first submit button is its default one), not the first "Remove". */}
        <DefaultSubmitButton />
        <FormAlert error={errors._global} />
        <section className="card stack" aria-labelledby="form-details-title">
          <h2 id="form-details-title">Form</h2>
          <PlainTextField
            id="form-name"
            name="name"
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              touch("name");
            }}
            error={errorOf("name")}
            maxLength={FORM_NAME_MAX}
            required
          />
          <PlainTextareaField
            id="form-description"
            name="description"
            label="Description"
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              touch("description");
            }}
            error={errorOf("description")}
            maxLength={FORM_DESCRIPTION_MAX}
            rows={2}
          />
        </section>

        <section className="card stack" aria-labelledby="form-items-title" id="form-items">
          <h2 id="form-items-title">Items</h2>
          {rows.length === 0 ? <p className="muted">No items yet: add the first one below.</p> : null}
          <ol className="form-builder-items">
            {rows.map((row, index) => (
              <li key={row.rowId}>
                <ItemFields
                  row={row}
                  index={index}
                  count={rows.length}
                  errorOf={(field) => errorOf(`items.${index}.${field}`, `${row.rowId}.${field}`)}
                  onChange={(change) => update(row.rowId, change)}
                  onMove={(by) => inPlace(() => move(index, by))}
                  onRemove={inPlace(() => remove(index))}
                />
              </li>
            ))}
          </ol>
          <FieldError error={showAll || !hydrated ? checked.items : undefined} />
          <div className="row wrap form-builder-add">
            <PlainSelectField
              id="form-new-item-type"
              name="newItemType"
              label="New item type"
              value={newType}
              onChange={(e) => setNewType(e.target.value)}
              error={errors.newItemType}
              options={TYPE_OPTIONS}
            />
            <button type="submit" name="intent" value="add" className="button" formNoValidate onClick={inPlace(add)}>
              Add item
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </section>

        <FormActions cancelTo={cancelTo} submitLabel={submitLabel} />
      </Form>
      <FormPreview name={name} rows={rows} />
    </div>
  );
}

/** The first field with an error, in the order of the page. */
function firstErrorField(errors: Record<string, string>, rows: Row[]): string | null {
  if (errors.name) return "form-name";
  if (errors.description) return "form-description";
  for (const [index, row] of rows.entries()) {
    for (const field of ["type", "label", "options"] as const)
      if (errors[`items.${index}.${field}`]) return `item-${row.rowId}-${field}`;
  }
  return errors.items ? "form-new-item-type" : null;
}

/** One item's fields, its key in a hidden input so answers stay with it across edits. */
function ItemFields({
  row,
  index,
  count,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: {
  row: Row;
  index: number;
  count: number;
  errorOf: (field: string) => string | undefined;
  onChange: (change: Partial<BuilderItem>) => void;
  onMove: (by: -1 | 1) => (event: MouseEvent<HTMLButtonElement>) => void;
  onRemove: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const at = (field: string) => `items[${index}].${field}`;
  const id = (field: string) => `item-${row.rowId}-${field}`;
  const n = index + 1;
  return (
    <fieldset className="form-builder-item stack">
      <legend>Item {n}</legend>
      <input type="hidden" name={at("key")} value={row.key} />
      <div className="grid-2">
        <PlainSelectField
          id={id("type")}
          name={at("type")}
          label="Type"
          value={row.type}
          onChange={(e) => onChange({ type: e.target.value })}
          error={errorOf("type")}
          options={TYPE_OPTIONS}
        />
        <PlainTextField
          id={id("label")}
          name={at("label")}
          label="Label"
          value={row.label}
          onChange={(e) => onChange({ label: e.target.value })}
          error={errorOf("label")}
          maxLength={ITEM_LABEL_MAX}
          required
        />
      </div>
      <label className="checkbox" htmlFor={id("required")}>
        <input
          type="checkbox"
          id={id("required")}
          name={at("required")}
          checked={row.required === "on"}
          onChange={(e) => onChange({ required: e.target.checked ? "on" : "" })}
        />
        Required
      </label>
      {isMultipleChoice(row.type) ? (
        <PlainTextareaField
          id={id("options")}
          name={at("options")}
          label="Choices"
          hint="One per line, at least 2."
          value={row.options}
          onChange={(e) => onChange({ options: e.target.value })}
          error={errorOf("options")}
          rows={4}
        />
      ) : null}
      <div className="row wrap">
        <button
          type="submit"
          id={id("up")}
          name="intent"
          value={`up:${index}`}
          className="button"
          formNoValidate
          disabled={index === 0}
          aria-label={`Move item ${n} up`}
          onClick={onMove(-1)}
        >
          Move up
        </button>
        <button
          type="submit"
          id={id("down")}
          name="intent"
          value={`down:${index}`}
          className="button"
          formNoValidate
          disabled={index === count - 1}
          aria-label={`Move item ${n} down`}
          onClick={onMove(1)}
        >
          Move down
        </button>
        <button
          type="submit"
          name="intent"
          value={`remove:${index}`}
          className="button button-link danger-link"
          formNoValidate
          aria-label={`Remove item ${n}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/** How the form looks to the person filling it in: each item's control, disabled. */
function FormPreview({ name, rows }: { name: string; rows: Row[] }) {
  return (
    <section className="card stack form-preview" aria-labelledby="form-preview-title">
      <h2 id="form-preview-title">Preview{name.trim() ? `: ${name.trim()}` : ""}</h2>
      {rows.length === 0 ? <p className="muted">The items you add show here as they will be filled in.</p> : null}
      {rows.map((row, index) => (
        <PreviewItem key={row.rowId} row={row} index={index} />
      ))}
    </section>
  );
}

function PreviewItem({ row, index }: { row: Row; index: number }) {
  const id = `preview-${row.rowId}`;
  const type = Number(row.type);
  const label = (
    <>
      {row.label.trim() || `Untitled item ${index + 1}`}
      {row.required === "on" ? <span className="form-preview-required"> (required)</span> : null}
    </>
  );
  const choices = (values: readonly string[], labels: (v: string) => string) => (
    <fieldset className="form-preview-item" disabled>
      <legend>{label}</legend>
      <div className="row wrap">
        {values.map((v, n) => (
          <label key={`${v}-${n}`} className="checkbox">
            <input type="radio" name={id} value={v} />
            {labels(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  switch (type) {
    case FormItemType.Checkbox:
    case FormItemType.Flag:
      return (
        <label className="checkbox form-preview-item" htmlFor={id}>
          <input type="checkbox" id={id} disabled />
          {label}
          {type === FormItemType.Flag ? <span className="badge badge-warning">Flag</span> : null}
        </label>
      );
    case FormItemType.Condition:
      return choices(CONDITIONS, (v) => conditionLabels[v as keyof typeof conditionLabels]);
    case FormItemType.YesNo:
      return choices(["yes", "no"], (v) => (v === "yes" ? "Yes" : "No"));
    case FormItemType.MultipleChoice: {
      const options = row.options.split(/\r?\n/).filter((o) => o.trim() !== "");
      return options.length ? choices(options, (v) => v) : <p className="muted">{label}: add choices</p>;
    }
    case FormItemType.Images:
      return (
        <div className="field form-preview-item">
          <label htmlFor={id}>{label}</label>
          <input type="file" id={id} accept="image/*" multiple disabled />
        </div>
      );
    case FormItemType.Signature:
      return (
        <div className="field form-preview-item">
          <span>{label}</span>
          <div className="form-preview-signature">Signature</div>
        </div>
      );
    case FormItemType.Textarea:
      return (
        <div className="field form-preview-item">
          <label htmlFor={id}>{label}</label>
          <textarea id={id} rows={3} disabled />
        </div>
      );
    default:
      return (
        <div className="field form-preview-item">
          <label htmlFor={id}>{label}</label>
          <input type="text" id={id} maxLength={TEXT_ITEM_MAX} disabled />
        </div>
      );
  }
}
