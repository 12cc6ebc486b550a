import { Form, Link } from "@remix-run/react";
import { PlainSelectField, PlainTextareaField, PlainTextField, postedFieldAt } from "~/components/form";
import {
  CHOICE_TYPES,
  LABEL_MAX,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  questionTypeLabels,
  type QuestionTypeValue,
} from "~/models/booking/booking.schema";
import type { BookingQuestionView } from "~/models/booking/booking-settings.server";

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: questionTypeLabels[t] }));
const PAGE = "/online-booking-settings";

/** The question form's values as posted back after a refusal. */
export type PostedQuestion = { errors: Record<string, string>; values: Record<string, unknown> };

/**
 * The form's questions in order, each with Edit, Delete and Move up/down (plain forms and links,
 * so all of it works without JavaScript), and the add or edit form below the list.
 */
export function BookingQuestionsEditor({
  questions,
  editing,
  posted,
}: {
  questions: readonly BookingQuestionView[];
  editing: BookingQuestionView | null;
  posted?: PostedQuestion;
}) {
  return (
    <section className="card stack" id="questions" aria-labelledby="booking-questions-title">
      <h2 id="booking-questions-title">Questions</h2>
      <p className="muted">
        Asked on the form after the customer&apos;s name, contact details and address. Up to {QUESTIONS_MAX}.
      </p>
      {questions.length === 0 ? (
        <p className="empty">No questions yet: add the first one below.</p>
      ) : (
        <ol className="checklist" aria-label="Questions in form order">
          {questions.map((q, index) => (
            <li key={q.id}>
              <div className="stack spacer">
                <div className="section-header">
                  <h3>{q.label}</h3>
                  <span className="row">
                    <span className="badge">{questionTypeLabels[q.type]}</span>
                    {q.isRequired ? <span className="badge badge-warning">Required</span> : null}
                  </span>
                </div>
                {q.options.length > 0 ? <p className="muted">Options: {q.options.join(", ")}</p> : null}
                <div className="row">
                  <Link
                    className="button"
                    to={`${PAGE}?question=${q.id}#question-form`}
                    aria-label={`Edit question ${q.label}`}
                  >
                    Edit
                  </Link>
                  <MoveButton question={q} direction="up" disabled={index === 0} />
                  <MoveButton question={q} direction="down" disabled={index === questions.length - 1} />
                  <Link
                    className="button button-link danger-link"
                    to={`${PAGE}?delete=${q.id}`}
                    preventScrollReset
                    aria-label={`Delete question ${q.label}`}
                  >
                    Delete
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <QuestionForm key={editing?.id ?? "new"} editing={editing} posted={posted} />
    </section>
  );
}

function MoveButton({
  question,
  direction,
  disabled,
}: {
  question: BookingQuestionView;
  direction: "up" | "down";
  disabled: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="questionId" value={question.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className="button"
        name="intent"
        value="moveQuestion"
        disabled={disabled}
        aria-label={`Move question ${question.label} ${direction}`}
      >
        {direction === "up" ? "Move up" : "Move down"}
      </button>
    </Form>
  );
}

/** Add a question, or edit the one ?question= names. */
function QuestionForm({ editing, posted }: { editing: BookingQuestionView | null; posted?: PostedQuestion }) {
  const values = posted?.values;
  const field = postedFieldAt(posted);
  const isRequired = values ? values.isRequired === "on" : (editing?.isRequired ?? false);
  const title = editing ? "Edit question" : "Add a question";
  return (
    <Form method="post" className="stack" id="question-form" aria-labelledby="question-form-title" noValidate>
      <h3 id="question-form-title">{title}</h3>
      {editing ? <input type="hidden" name="questionId" value={editing.id} /> : null}
      <div className="form-grid">
        <PlainSelectField
          label="Type"
          {...field("question-type", "type", String(editing?.type ?? QUESTION_TYPES[0]))}
          options={TYPE_OPTIONS}
        />
        <PlainTextField label="Question" {...field("question-label", "label", editing?.label)} maxLength={LABEL_MAX} />
      </div>
      <label className="checkbox" htmlFor="question-required">
        <input type="checkbox" id="question-required" name="isRequired" defaultChecked={isRequired} />
        The customer must answer
      </label>
      <PlainTextareaField
        label="Options"
        {...field("question-options", "options", editing?.options.join("\n"))}
        rows={4}
        hint={`One per line. Used by the ${CHOICE_TYPES.map((t) => questionTypeLabels[t as QuestionTypeValue].toLowerCase()).join(", ")} types.`}
      />
      <div className="form-actions">
        {editing ? (
          <Link className="button" to={`${PAGE}#questions`}>
            Cancel
          </Link>
        ) : null}
        <button type="submit" className="button button-primary" name="intent" value="saveQuestion">
          {editing ? "Save question" : "Add question"}
        </button>
      </div>
    </Form>
  );
}
