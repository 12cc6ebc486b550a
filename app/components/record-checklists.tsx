import { Form, Link } from "@remix-run/react";
import { FieldError, PlainTextField } from "~/components/form";

type Section = {
  checklists: {
    id: number;
    companyChecklistId: number | null;
    name: string;
    completed: boolean;
    answeredBy: string | null;
    publicPath: string;
  }[];
  forms: { id: number; name: string }[];
  sendToken: string;
  canCreateForms: boolean;
};

/**
 * A job's or an estimate's Checklists section: each checklist with its state, its fill-in screen,
 * PDF and customer page, and Remove (on a series visit: this visit only or the following too); the
 * company's forms to assign; the PDF and email of them all. Every form posts to the details page
 * with `?checklists` and works without JavaScript.
 */
export function RecordChecklists({
  kind,
  recordId,
  recurring = false,
  section,
  errors,
}: {
  kind: "job" | "estimate";
  recordId: number;
  /** A visit of a recurring series: assigning and removing may cover the following visits. */
  recurring?: boolean;
  section: Section;
  errors: Record<string, string>;
}) {
  const base = `/${kind}s/${recordId}`;
  const api = `/api/${kind}s/${recordId}`;
  // A form already here is offered again only to reach the following visits of a series.
  const here = new Set(section.checklists.map((c) => c.companyChecklistId));
  const assignable = recurring ? section.forms : section.forms.filter((f) => !here.has(f.id));
  return (
    <section className="card stack" aria-labelledby={`${kind}-checklists`}>
      <h2 id={`${kind}-checklists`}>Checklists</h2>
      {section.checklists.length ? (
        <ul className="stack bare-list" aria-label="Assigned checklists">
          {section.checklists.map((c) => (
            <li key={c.id} className="stack">
              <div className="row wrap">
                <strong>{c.name}</strong>
                <span className={`badge${c.completed ? " badge-success" : ""}`}>
                  {c.completed ? "Completed" : "Not completed"}
                </span>
                {c.answeredBy ? <span className="muted">Answered by {c.answeredBy}</span> : null}
              </div>
              <div className="row wrap">
                <Link className="button" to={`${base}/checklist/${c.id}`} aria-label={`Fill in ${c.name}`}>
                  Fill in
                </Link>
                <a className="button" href={`${api}/checklist/${c.id}/pdf`} aria-label={`PDF of ${c.name}`}>
                  PDF
                </a>
                <a href={c.publicPath} aria-label={`Customer page of ${c.name}`}>
                  Customer page
                </a>
              </div>
              <Form method="post" action="?checklists" className="row wrap">
                <input type="hidden" name="checklistId" value={c.id} />
                {recurring ? (
                  <fieldset>
                    <legend>{`Remove ${c.name} from`}</legend>
                    <label className="checkbox">
                      <input type="radio" name="scope" value="this" defaultChecked /> This visit only
                    </label>
                    <label className="checkbox">
                      <input type="radio" name="scope" value="following" /> This and the following visits
                    </label>
                  </fieldset>
                ) : null}
                <button
                  className="button button-link"
                  name="intent"
                  value="removeChecklist"
                  aria-label={`Remove ${c.name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No checklists yet.</p>
      )}

      {assignable.length ? (
        <Form method="post" action="?checklists" className="stack">
          <fieldset
            className="field"
            aria-describedby={errors.companyCheckListIds ? `${kind}-checklist-forms-error` : undefined}
          >
            <legend>Forms to assign</legend>
            <div className="row wrap">
              {assignable.map((f) => (
                <label key={f.id} className="checkbox">
                  <input type="checkbox" name="companyCheckListIds" value={f.id} /> {f.name}
                </label>
              ))}
            </div>
            <FieldError id={`${kind}-checklist-forms-error`} error={errors.companyCheckListIds} />
          </fieldset>
          {recurring ? (
            <label className="checkbox">
              <input type="checkbox" name="includeRecurrent" /> Also assign to the following visits
            </label>
          ) : null}
          <div>
            <button className="button" name="intent" value="assignChecklists">
              Assign
            </button>
          </div>
        </Form>
      ) : (
        <p className="muted">
          No forms to assign yet.
          {section.canCreateForms ? (
            <>
              {" "}
              <Link to="/forms/new">Create a form</Link>
            </>
          ) : null}
        </p>
      )}

      {section.checklists.length ? (
        <div className="row wrap">
          <a className="button" href={`${api}/checklists/pdf`}>
            PDF of all checklists
          </a>
          <Form method="post" action="?checklists" className="row wrap">
            <input type="hidden" name="requestToken" value={section.sendToken} />
            <PlainTextField
              id={`${kind}-checklists-email`}
              label="Email to"
              name="email"
              type="email"
              autoComplete="email"
              hint="Leave empty to send to the customer's email."
              error={errors.checklistsEmail}
            />
            <button className="button" name="intent" value="sendChecklists">
              Send checklists
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
