import { Form } from "@remix-run/react";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import { PHOTO_TYPES, QuestionType } from "~/models/booking/booking.schema";
import type { BookingQuestionView } from "~/models/booking/booking-settings.server";

type Values = Record<string, unknown>;
const text = (values: Values, name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
const list = (values: Values, name: string) => ([] as unknown[]).concat(values[name] ?? []).map(String);
const durationText = (minutes: number) => (minutes === 60 ? "1 hour" : `${minutes / 60} hours`);

export type RequestWorkPage = {
  services: Array<{ value: number; label: string }>;
  questions: BookingQuestionView[];
  days: Array<{ date: string; label: string }>;
  day: string | null;
  windows: Array<{ start: string; label: string }>;
  durationMinutes: number;
  timezone: string;
  phone: string | null;
};

/**
 * The booking form of the company's online booking, for a signed-in customer: the same fields and
 * questions, the customer's details filled in. Plain HTML: the day is a GET form, the rest one post.
 */
export function RequestWorkForm({
  page,
  submissionKey,
  errors,
  values,
}: {
  page: RequestWorkPage;
  submissionKey: string;
  errors: Record<string, string>;
  values: Values;
}) {
  const field = (name: string, label: string, more: Record<string, unknown> = {}) => (
    <PlainTextField
      id={`w-${name}`}
      name={name}
      label={label}
      defaultValue={text(values, name)}
      error={errors[name]}
      {...more}
    />
  );
  return (
    <>
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      {page.days.length === 0 ? (
        <p className="alert alert-warning" role="status">
          There are no open times right now. Please call us{page.phone ? ` at ${page.phone}` : ""}.
        </p>
      ) : (
        <Form method="get" className="portal-actions" style={{ alignItems: "end" }}>
          <PlainSelectField
            id="w-day"
            name="day"
            label="Day"
            defaultValue={page.day ?? ""}
            options={page.days.map((d) => ({ value: d.date, label: d.label }))}
          />
          <button type="submit" className="button">
            Show times
          </button>
        </Form>
      )}
      <Form method="post" encType="multipart/form-data" className="stack" noValidate>
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <input type="hidden" name="day" value={page.day ?? ""} />
        {page.services.length ? (
          <PlainSelectField
            id="w-serviceId"
            name="serviceId"
            label="Service"
            placeholder="Choose a service"
            options={page.services}
            defaultValue={text(values, "serviceId")}
            error={errors.serviceId}
          />
        ) : null}
        <fieldset aria-describedby={errors.startTime ? "w-startTime-error" : undefined}>
          <legend>Time{page.day ? ` on ${page.days.find((d) => d.date === page.day)?.label}` : ""}</legend>
          <p className="field-hint">
            A visit takes {durationText(page.durationMinutes)}. Times are in {page.timezone.replace(/_/g, " ")} time.
          </p>
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(6.5rem, 1fr))", gap: ".5rem" }}>
            {page.windows.map((w) => (
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
          <FieldError id="w-startTime-error" error={errors.startTime} />
        </fieldset>
        {page.questions.map((q) => (
          <Question key={q.id} q={q} values={values} error={errors[`answers.${q.id}`]} />
        ))}
        <PlainTextareaField
          id="w-notes"
          name="notes"
          label="What do you need done?"
          defaultValue={text(values, "notes")}
          error={errors.notes}
        />
        <h2>Your details</h2>
        {field("firstName", "First Name", { autoComplete: "given-name", required: true })}
        {field("lastName", "Last Name", { autoComplete: "family-name" })}
        {field("email", "Email", { type: "email", autoComplete: "email" })}
        {field("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        {field("location", "Address", { autoComplete: "street-address", required: true })}
        {field("unitNumber", "Unit")}
        <button type="submit" className="button button-primary button-lg">
          Request work
        </button>
      </Form>
    </>
  );
}

/** One of the company's booking questions by its type; a photo question keeps the photos already sent. */
function Question({ q, values, error }: { q: BookingQuestionView; values: Values; error?: string }) {
  const name = `answers.${q.id}`;
  const id = `w-q${q.id}`;
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
