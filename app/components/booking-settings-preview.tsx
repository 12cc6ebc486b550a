import { QuestionType } from "~/models/booking/booking.schema";
import type { BookingQuestionView } from "~/models/booking/booking-settings.server";
import { formatMoney } from "~/utils/format";

/**
 * The form's services and questions as the customer sees them (the saved state), with inert
 * controls: a look, not a form.
 */
export function BookingFormPreview({
  businessName,
  introText,
  services,
  questions,
}: {
  businessName: string;
  introText: string;
  services: ReadonlyArray<{ id: number; name: string; priceCents: number }>;
  questions: readonly BookingQuestionView[];
}) {
  return (
    <section className="card stack" aria-labelledby="booking-preview-title">
      <h2 id="booking-preview-title">Preview</h2>
      <p className="muted">What customers see on your form (as saved), after the time and contact details.</p>
      <div className="stack">
        <h3>Book with {businessName}</h3>
        {introText ? <p>{introText}</p> : null}
        {services.length > 0 ? (
          <fieldset className="field">
            <legend className="label">Service</legend>
            {services.map((s) => (
              <label key={s.id} className="checkbox">
                <input type="radio" name="preview-service" disabled tabIndex={-1} />
                {s.name} <span className="muted">{formatMoney(s.priceCents)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {questions.map((q) => (
          <PreviewQuestion key={q.id} question={q} />
        ))}
        {services.length === 0 && questions.length === 0 ? (
          <p className="muted">No services or questions yet.</p>
        ) : null}
      </div>
    </section>
  );
}

function PreviewQuestion({ question: q }: { question: BookingQuestionView }) {
  const id = `preview-question-${q.id}`;
  const label = `${q.label}${q.isRequired ? " *" : ""}`;
  const common = { id, disabled: true, tabIndex: -1 };
  if (q.type === QuestionType.Checkbox || q.type === QuestionType.Radio)
    return (
      <fieldset className="field">
        <legend className="label">{label}</legend>
        {q.options.map((o) => (
          <label key={o} className="checkbox">
            <input type={q.type === QuestionType.Radio ? "radio" : "checkbox"} disabled tabIndex={-1} />
            {o}
          </label>
        ))}
      </fieldset>
    );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {q.type === QuestionType.TextArea ? (
        <textarea {...common} rows={3} />
      ) : q.type === QuestionType.Dropdown ? (
        <select {...common}>
          <option>Choose...</option>
          {q.options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      ) : q.type === QuestionType.Date ? (
        <input {...common} type="date" />
      ) : q.type === QuestionType.UploadImage ? (
        <input {...common} type="file" accept="image/*" />
      ) : q.type === QuestionType.Location ? (
        <input {...common} placeholder="Start typing an address" />
      ) : (
        <input {...common} />
      )}
    </div>
  );
}
