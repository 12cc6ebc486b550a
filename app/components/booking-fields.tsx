import { Form } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import { PHOTO_TYPES, QuestionType } from "~/models/booking/booking.schema";
import type { BookingQuestionView } from "~/models/booking/booking-settings.server";

/**
 * The online booking form's fields, shared by the public booking page (/online-booking/:formUrl) and
 * the portal's "Request work": the same names, labels and messages, both posted to postBookingForm.
 * Plain HTML: the day is a GET form, the rest one post. Each page keeps its own ids (`idPrefix`);
 * `scripted` marks the day picker, the day and the times for the public page's day script.
 */

export type BookingValues = Record<string, unknown>;

/** What the fields offer: the company's services, days, the chosen day's times and its questions. */
export type BookingChoices = {
  services: Array<{ value: number; label: string }>;
  questions: BookingQuestionView[];
  days: Array<{ date: string; label: string }>;
  day: string | null;
  windows: Array<{ start: string; label: string }>;
  durationMinutes: number;
  timezone: string;
};

type Fields = { idPrefix: string; values: BookingValues; errors: Record<string, string> };

/** A posted value as text (the empty text when absent or not text). */
export const bookingValueText = (values: BookingValues, name: string) =>
  typeof values[name] === "string" ? (values[name] as string) : "";
const text = bookingValueText;
const list = (values: BookingValues, name: string) => ([] as unknown[]).concat(values[name] ?? []).map(String);
const durationText = (minutes: number) => (minutes === 60 ? "1 hour" : `${minutes / 60} hours`);

/** The form's own error, then the day picker (a GET form), or a call-us note when no day is open. */
export function BookingDayPicker({
  idPrefix,
  choices,
  phone,
  error,
  className,
  style,
  scripted = false,
}: {
  idPrefix: string;
  choices: Pick<BookingChoices, "days" | "day">;
  phone: string | null;
  error?: string;
  className: string;
  style: CSSProperties;
  scripted?: boolean;
}) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {choices.days.length === 0 ? (
        <p className="alert alert-warning" role="status">
          There are no open times right now. Please call us{phone ? ` at ${phone}` : ""}.
        </p>
      ) : (
        <Form method="get" className={className} style={style} data-day-picker={scripted || undefined}>
          <PlainSelectField
            id={`${idPrefix}-day`}
            name="day"
            label="Day"
            defaultValue={choices.day ?? ""}
            options={choices.days.map((d) => ({ value: d.date, label: d.label }))}
          />
          <button type="submit" className="button">
            Show times
          </button>
        </Form>
      )}
    </>
  );
}

/** The post's first fields: its submission key and day, the service, the time and the company's questions. */
export function BookingChoiceFields({
  idPrefix,
  values,
  errors,
  choices,
  submissionKey,
  scripted = false,
}: Fields & { choices: BookingChoices; submissionKey: string; scripted?: boolean }) {
  return (
    <>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <input type="hidden" name="day" value={choices.day ?? ""} data-day-input={scripted || undefined} />
      {choices.services.length ? (
        <PlainSelectField
          id={`${idPrefix}-serviceId`}
          name="serviceId"
          label="Service"
          placeholder="Choose a service"
          options={choices.services}
          defaultValue={text(values, "serviceId")}
          error={errors.serviceId}
        />
      ) : null}
      <fieldset
        aria-describedby={errors.startTime ? `${idPrefix}-startTime-error` : undefined}
        data-times={scripted || undefined}
      >
        <legend>Time{choices.day ? ` on ${choices.days.find((d) => d.date === choices.day)?.label}` : ""}</legend>
        <p className="field-hint">
          A visit takes {durationText(choices.durationMinutes)}. Times are in {choices.timezone.replace(/_/g, " ")}{" "}
          time.
        </p>
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(6.5rem, 1fr))", gap: ".5rem" }}>
          {choices.windows.map((w) => (
            <label key={w.start} className="checkbox">
              <input
                type="radio"
                name="startTime"
                value={w.start}
                defaultChecked={text(values, "startTime") === w.start}
              />
              {w.label}
            </label>
          ))}
        </div>
        <FieldError id={`${idPrefix}-startTime-error`} error={errors.startTime} />
      </fieldset>
      {choices.questions.map((q) => (
        <BookingQuestion key={q.id} idPrefix={idPrefix} q={q} values={values} error={errors[`answers.${q.id}`]} />
      ))}
    </>
  );
}

/**
 * The customer's details: name, email, phone, address and unit. `address` adds to the address field
 * (the public page's place search); `children` stand between the address and the unit.
 */
export function BookingCustomerFields({
  idPrefix,
  values,
  errors,
  address = {},
  children,
}: Fields & { address?: Record<string, unknown>; children?: ReactNode }) {
  const field = (name: string, label: string, more: Record<string, unknown> = {}) => (
    <PlainTextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      defaultValue={text(values, name)}
      error={errors[name]}
      {...more}
    />
  );
  return (
    <>
      {field("firstName", "First Name", { autoComplete: "given-name", required: true })}
      {field("lastName", "Last Name", { autoComplete: "family-name" })}
      {field("email", "Email", { type: "email", autoComplete: "email" })}
      {field("phone", "Phone", { type: "tel", autoComplete: "tel" })}
      {field("location", "Address", { autoComplete: "street-address", required: true, ...address })}
      {children}
      {field("unitNumber", "Unit")}
    </>
  );
}

/** The request's notes, under the page's own label. */
export function BookingNotesField({ idPrefix, values, errors, label }: Fields & { label: string }) {
  return (
    <PlainTextareaField
      id={`${idPrefix}-notes`}
      name="notes"
      label={label}
      defaultValue={text(values, "notes")}
      error={errors.notes}
    />
  );
}

/** One of the company's booking questions by its type; a photo question keeps the photos already sent as hidden URLs. */
function BookingQuestion({
  idPrefix,
  q,
  values,
  error,
}: {
  idPrefix: string;
  q: BookingQuestionView;
  values: BookingValues;
  error?: string;
}) {
  const name = `answers.${q.id}`;
  const id = `${idPrefix}-q${q.id}`;
  const label = q.isRequired ? `${q.label} *` : q.label;
  const common = { id, name, label, error, defaultValue: text(values, name) };
  if (q.type === QuestionType.Date) return <PlainTextField {...common} type="date" />;
  if (q.type === QuestionType.TextArea) return <PlainTextareaField {...common} />;
  if (q.type === QuestionType.Dropdown)
    return (
      <PlainSelectField {...common} placeholder="Choose" options={q.options.map((o) => ({ value: o, label: o }))} />
    );
  if (q.type === QuestionType.Checkbox || q.type === QuestionType.Radio) {
    const chosen = list(values, name);
    return (
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend>{label}</legend>
        {q.options.map((o) => (
          <label key={o} className="checkbox">
            <input
              type={q.type === QuestionType.Radio ? "radio" : "checkbox"}
              name={name}
              value={o}
              defaultChecked={chosen.includes(o)}
            />
            {o}
          </label>
        ))}
        <FieldError id={`${id}-error`} error={error} />
      </fieldset>
    );
  }
  if (q.type === QuestionType.UploadImage) {
    const sent = list(values, name);
    return (
      <PlainTextField
        id={id}
        name={`photo.${q.id}`}
        label={label}
        error={error}
        type="file"
        accept={[...PHOTO_TYPES, ".heic", ".heif"].join(",")}
        multiple
        hint={
          sent.length ? `${sent.length} photo(s) attached. Add more if you like.` : "JPEG, PNG or HEIC, up to 10 MB"
        }
      >
        {sent.map((url) => (
          <input key={url} type="hidden" name={name} value={url} />
        ))}
      </PlainTextField>
    );
  }
  return <PlainTextField {...common} autoComplete={q.type === QuestionType.Location ? "street-address" : undefined} />;
}
