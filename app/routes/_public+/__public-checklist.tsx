import type { ReactNode } from "react";
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SignaturePad } from "~/components/signature-pad";
import { drawnSignatureField, SIGNER_NAME_MAX } from "~/models/checklists/assigned-checklists.schema";
import {
  answerField,
  CONDITIONS,
  conditionLabels,
  FormItemType,
  LONG_TEXT_MAX,
  TEXT_ITEM_MAX,
} from "~/models/checklists/checklist-items";
import type { HydrationHandle } from "~/utils/hydration";
import type { PublicChecklistPageView, readOnlyChecklist } from "./__public-checklist.server";
import { NO_STORE } from "./__payment-page";

/** The customer's checklist pages: no sign-in, no framework script; plain HTML that fits a 320 px phone. */

type View = PublicChecklistPageView;
type Item = View["items"][number];

export function PublicChecklistFrame({ view, children }: { view: View; children: ReactNode }) {
  const { company } = view;
  return (
    <main className="public-page stack" style={{ maxWidth: "40rem", margin: "0 auto", padding: "1rem" }}>
      <header className="stack" style={{ gap: ".25rem" }}>
        {company.logoUrl ? (
          <img src={company.logoUrl} alt="" style={{ maxHeight: "3rem", width: "auto", alignSelf: "start" }} />
        ) : null}
        <p style={{ margin: 0, fontWeight: 600 }}>{company.businessName}</p>
        <p className="muted" style={{ margin: 0 }}>
          {[company.phone, company.email].filter(Boolean).join(" · ")}
        </p>
      </header>
      <h1 style={{ margin: 0 }}>{view.name}</h1>
      <dl className="details">
        <dt>For</dt>
        <dd>{view.title}</dd>
        {view.customerName ? (
          <>
            <dt>Customer</dt>
            <dd>{view.customerName}</dd>
          </>
        ) : null}
        {view.address ? (
          <>
            <dt>Address</dt>
            <dd>{view.address}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </main>
  );
}

/** Each item's label and answer in words, with its photos and signature. */
export function ChecklistAnswers({ view }: { view: View }) {
  return (
    <section className="card stack" aria-labelledby="answers-title">
      <h2 id="answers-title">Answers</h2>
      <dl className="stack" style={{ margin: 0 }}>
        {view.items.map((item) => (
          <div key={item.key} style={{ borderBottom: "1px solid var(--border)", paddingBottom: ".5rem" }}>
            <dt style={{ fontWeight: 600 }}>{item.label}</dt>
            <dd style={{ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
              {item.answer || <span className="muted">No answer</span>}
              <Files item={item} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Files({ item }: { item: Item }) {
  if (item.files.length === 0) return null;
  return (
    <span className="row" style={{ flexWrap: "wrap", gap: ".5rem", marginTop: ".25rem" }}>
      {item.files.map((f, i) => (
        <img
          key={f.url}
          src={f.url}
          alt={item.type === FormItemType.Signature ? `Signature: ${item.label}` : `${item.label}, photo ${i + 1}`}
          loading="lazy"
          style={{ maxWidth: "100%", width: "9rem", height: "auto", border: "1px solid var(--border)" }}
        />
      ))}
    </span>
  );
}

type Posted = { errors: Record<string, string>; values: Record<string, string> } | undefined;

/**
 * The fill-in form: one field per item (checkboxes, texts, choices as radio buttons, photos as a
 * file input, the signature as a typed name that a drawing may replace), posted as multipart.
 * Without JavaScript every field works; the drawing pad appears only with it.
 */
export function PublicChecklistForm({ view, posted }: { view: View; posted: Posted }) {
  const errors = posted?.errors ?? {};
  const { _global: formError, ...fieldErrors } = errors;
  const count = Object.keys(fieldErrors).length;
  return (
    <Form method="post" encType="multipart/form-data" className="card stack" noValidate aria-labelledby="form-title">
      <h2 id="form-title">Fill in the form</h2>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : count ? (
        <p className="form-error" role="alert">
          {count === 1 ? "Please correct 1 answer below." : `Please correct ${count} answers below.`}
        </p>
      ) : null}
      {view.items.map((item) => (
        <ItemField key={item.key} item={item} posted={posted} />
      ))}
      <button type="submit" className="button button-primary button-lg">
        Send answers
      </button>
    </Form>
  );
}

const required = (item: Item) => (item.required ? " (required)" : "");

function ItemField({ item, posted }: { item: Item; posted: Posted }) {
  const name = answerField(item.key);
  const id = `pf-${item.key}`;
  const error = posted?.errors[name];
  const errorId = `${id}-error`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined };
  // After a refused post the posted values show again; before it, the answers saved so far.
  const text = posted ? (posted.values[name] ?? "") : typeof item.value === "string" ? item.value : "";
  const errorText = error ? (
    <p id={errorId} className="field-error">
      {error}
    </p>
  ) : null;
  switch (item.type) {
    case FormItemType.Checkbox:
    case FormItemType.Flag:
      return (
        <div className="field">
          <label className="checkbox" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              name={name}
              defaultChecked={posted ? posted.values[name] === "on" : item.value === true}
              {...aria}
            />
            {item.label}
            {required(item)}
          </label>
          {errorText}
        </div>
      );
    case FormItemType.Text:
    case FormItemType.Textarea: {
      const Control = item.type === FormItemType.Text ? "input" : "textarea";
      return (
        <div className="field">
          <label htmlFor={id}>
            {item.label}
            {required(item)}
          </label>
          <Control
            id={id}
            name={name}
            defaultValue={text}
            maxLength={item.type === FormItemType.Text ? TEXT_ITEM_MAX : LONG_TEXT_MAX}
            {...aria}
          />
          {errorText}
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
            : item.options.map((o) => ({ value: o, label: o }));
      return (
        <fieldset className="field" aria-describedby={error ? errorId : undefined}>
          <legend style={{ color: "var(--text)", fontSize: "1rem", fontWeight: 600 }}>
            {item.label}
            {required(item)}
          </legend>
          {choices.map((c, i) => (
            <label key={c.value} className="checkbox" htmlFor={`${id}-${i}`}>
              <input id={`${id}-${i}`} type="radio" name={name} value={c.value} defaultChecked={text === c.value} />
              {c.label}
            </label>
          ))}
          {errorText}
        </fieldset>
      );
    }
    case FormItemType.Images:
      return (
        <div className="field">
          <label htmlFor={id}>
            {item.label}
            {required(item)}
          </label>
          {item.files.length ? (
            <p className="field-hint">
              {item.answer} already added.
              <Files item={item} />
            </p>
          ) : null}
          <input
            id={id}
            type="file"
            name={name}
            accept="image/jpeg,image/png,image/heic,.heic"
            multiple
            {...aria}
            aria-describedby={error ? errorId : `${id}-hint`}
          />
          {errorText ?? (
            <p id={`${id}-hint`} className="field-hint">
              Photos: JPEG, PNG or HEIC, up to 10 MB each.
            </p>
          )}
        </div>
      );
    case FormItemType.Signature:
      return (
        <div className="field stack">
          <label htmlFor={id}>
            {item.label}: your full name{required(item)}
          </label>
          {item.files.length ? <p className="field-hint">Already signed; signing again replaces it.</p> : null}
          <input
            id={id}
            name={name}
            autoComplete="name"
            maxLength={SIGNER_NAME_MAX}
            defaultValue={text}
            {...aria}
            aria-describedby={error ? errorId : `${id}-hint`}
          />
          {errorText ?? (
            <p id={`${id}-hint`} className="field-hint">
              Typing your name signs this form.
            </p>
          )}
          <SignaturePad name={drawnSignatureField(item.key)} nameInputId={id} id={`${id}-pad`} />
        </div>
      );
    default:
      return null;
  }
}

/** A job's or an estimate's checklist as its customer reads it: the company, the record, each answer and photos. */
export function ReadOnlyChecklistPage() {
  const { view } = useLoaderData<typeof readOnlyChecklist>();
  return (
    <PublicChecklistFrame view={view}>
      <p className={view.completed ? "alert alert-success" : "alert alert-warning"}>
        {view.completedOn ? `Completed on ${view.completedOn}.` : "Not completed yet."}
      </p>
      <ChecklistAnswers view={view} />
    </PublicChecklistFrame>
  );
}

/** The read-only pages' route exports: no framework script, never cached or indexed (the customer's answers). */
export const readOnlyHandle: HydrationHandle = { hydrate: false };
export const readOnlyHeaders: HeadersFunction = () => NO_STORE;
export const readOnlyMeta: MetaFunction = ({ data }) => {
  const view = (data as { view?: View } | undefined)?.view;
  return [
    { title: view ? `${view.name} | ${view.company.businessName}` : "Checklist" },
    { name: "robots", content: "noindex" },
  ];
};
