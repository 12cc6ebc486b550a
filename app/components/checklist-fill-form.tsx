import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import type { FormAnswer, FormItemDefinition } from "~/db/schema";
import { FieldError, fieldAria } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { SignaturePad, signaturePadScript } from "~/components/signature-pad";
import {
  answerField,
  CONDITIONS,
  conditionLabels,
  FormItemType,
  IMAGES_PER_ITEM_MAX,
  LONG_TEXT_MAX,
  removeFileField,
  TEXT_ITEM_MAX,
} from "~/models/checklists/checklist-items";
import { drawnSignatureField, SIGNER_NAME_MAX } from "~/models/checklists/assigned-checklists.schema";

/** The photo types a checklist takes (checked by content on the server). */
const IMAGE_ACCEPT = "image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif";

type Posted = { errors?: Record<string, string>; values?: Record<string, string> };

/** The fill-in screen of a job's or an estimate's checklist (its loader: checklistFillLoader). */
export function ChecklistFillPage({
  record,
  checklist,
  posted,
}: {
  record: { path: string; title: string };
  checklist: {
    name: string;
    items: FormItemDefinition[];
    answers: Record<string, FormAnswer>;
    completed: boolean;
    answeredBy: string | null;
  };
  posted?: Posted;
}) {
  return (
    <>
      <PageHeader
        title={checklist.name}
        breadcrumb={{ label: record.title, to: record.path }}
        badge={
          <span className={`badge${checklist.completed ? " badge-success" : ""}`}>
            {checklist.completed ? "Completed" : "Not completed"}
          </span>
        }
      />
      {checklist.answeredBy ? <p className="muted">Last answered by {checklist.answeredBy}</p> : null}
      <ChecklistFillForm items={checklist.items} answers={checklist.answers} posted={posted} cancelTo={record.path} />
    </>
  );
}

/**
 * A checklist to fill in, every item type as a plain control of one multipart form, so it posts
 * without JavaScript (a signature is a typed name); with JavaScript a signature may be drawn too.
 * After a refused post the typed values come back with the errors; photos are chosen again.
 */
export function ChecklistFillForm({
  items,
  answers,
  posted,
  cancelTo,
}: {
  items: FormItemDefinition[];
  answers: Record<string, FormAnswer>;
  posted?: Posted;
  cancelTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  // The pads' inline script does not run after a client-side navigation.
  useEffect(() => signaturePadScript(), []);
  const errors = posted?.errors ?? {};
  return (
    <Form method="post" encType="multipart/form-data" className="card stack" noValidate>
      {errors._global ? (
        <p className="field-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      {items.map((item) => (
        <ChecklistItem
          key={item.key}
          item={item}
          answer={answers[item.key]}
          posted={posted?.values}
          error={errors[answerField(item.key)]}
        />
      ))}
      <div className="row wrap">
        <button type="submit" className="button button-primary" disabled={busy}>
          Save checklist
        </button>
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

const label = (item: FormItemDefinition) => (item.required ? `${item.label} (required)` : item.label);

function ChecklistItem({
  item,
  answer,
  posted,
  error,
}: {
  item: FormItemDefinition;
  answer: FormAnswer | undefined;
  /** The values of a refused post: they win over the stored answer. */
  posted?: Record<string, string>;
  error?: string;
}) {
  const name = answerField(item.key);
  const id = `item-${item.key}`;
  const stored = typeof answer?.value === "string" ? answer.value : "";
  const text = posted ? (posted[name] ?? "") : stored;
  const checked = posted ? posted[name] === "on" : answer?.value === true;
  const aria = fieldAria(id, error);
  switch (item.type) {
    case FormItemType.Checkbox:
    case FormItemType.Flag:
      return (
        <div className="field">
          <label className="checkbox" htmlFor={id}>
            <input type="checkbox" id={id} name={name} defaultChecked={checked} {...aria} />{" "}
            {item.type === FormItemType.Flag ? `${label(item)} (flag)` : label(item)}
          </label>
          <FieldError id={`${id}-error`} error={error} />
        </div>
      );
    case FormItemType.Text:
    case FormItemType.Textarea: {
      const Control = item.type === FormItemType.Text ? "input" : "textarea";
      return (
        <div className="field">
          <label htmlFor={id}>{label(item)}</label>
          <Control
            id={id}
            name={name}
            defaultValue={text}
            maxLength={item.type === FormItemType.Text ? TEXT_ITEM_MAX : LONG_TEXT_MAX}
            {...(item.type === FormItemType.Textarea ? { rows: 4 } : {})}
            {...aria}
          />
          <FieldError id={`${id}-error`} error={error} />
        </div>
      );
    }
    case FormItemType.Condition:
    case FormItemType.YesNo:
    case FormItemType.MultipleChoice: {
      const choices =
        item.type === FormItemType.Condition
          ? CONDITIONS.map((c) => ({ value: c, label: conditionLabels[c] }))
          : item.type === FormItemType.YesNo
            ? [
                { value: "yes", label: "Yes" },
                { value: "no", label: "No" },
              ]
            : (item.options ?? []).map((o) => ({ value: o, label: o }));
      return (
        <Choices id={id} legend={label(item)} error={error}>
          {choices.map((c, i) => (
            <label key={c.value} className="checkbox">
              <input type="radio" id={`${id}-${i}`} name={name} value={c.value} defaultChecked={text === c.value} />{" "}
              {c.label}
            </label>
          ))}
        </Choices>
      );
    }
    case FormItemType.Images:
      return (
        <Choices id={id} legend={label(item)} error={error}>
          <StoredFiles item={item} answer={answer} />
          <label htmlFor={id}>Add photos</label>
          <input
            type="file"
            id={id}
            name={name}
            multiple
            accept={IMAGE_ACCEPT}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {`JPEG, PNG or HEIC, up to 10 MB each; at most ${IMAGES_PER_ITEM_MAX} photos.`}
          </p>
        </Choices>
      );
    case FormItemType.Signature:
      return (
        <Choices id={id} legend={label(item)} error={error}>
          <StoredFiles item={item} answer={answer} />
          <label htmlFor={id}>Signer&apos;s full name</label>
          <input
            id={id}
            name={name}
            autoComplete="off"
            maxLength={SIGNER_NAME_MAX}
            defaultValue={posted ? (posted[name] ?? "") : ""}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {answer?.files?.length
              ? "Typing a name signs again and replaces the stored signature."
              : "Typing the name signs this checklist."}
          </p>
          <SignaturePad name={drawnSignatureField(item.key)} nameInputId={id} id={`${id}-pad`} />
        </Choices>
      );
    default:
      return null;
  }
}

/** A group of controls under one legend, with the item's error. */
function Choices({ id, legend, error, children }: { id: string; legend: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="field stack" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** The photos or signature stored for an item, each with a checkbox to remove it on save. */
function StoredFiles({ item, answer }: { item: FormItemDefinition; answer: FormAnswer | undefined }) {
  const files = answer?.files ?? [];
  if (files.length === 0) return null;
  const what = item.type === FormItemType.Signature ? "signature" : "photo";
  return (
    <ul className="row wrap" aria-label={`Stored ${what}s of ${item.label}`}>
      {files.map((f, i) => (
        <li key={f.fileUrl} className="stack">
          <img
            src={f.fileUrl}
            alt={`${item.label}: ${what} ${i + 1}`}
            style={{ width: "8rem", height: "6rem", objectFit: "contain", background: "#fff" }}
          />
          <label className="checkbox">
            <input type="checkbox" name={removeFileField(item.key)} value={f.fileUrl} /> Remove {what} {i + 1}
          </label>
        </li>
      ))}
    </ul>
  );
}
