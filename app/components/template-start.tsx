import { Form } from "@remix-run/react";
import { FieldError, type Option } from "~/components/form";

export type TemplateChoice = {
  templates: Option[];
  template: { id: number; name: string; attachmentCount: number } | null;
};

/**
 * "Start from a template" on a new job or estimate: a GET form (?templateId=, the customer kept),
 * so choosing one fills the form on the server, without JavaScript.
 */
export function StartFromTemplate({
  noun,
  customerId,
  choice,
}: {
  noun: "job" | "estimate";
  customerId: number;
  choice: TemplateChoice;
}) {
  if (!choice.templates.length) return null;
  return (
    <Form method="get" className="card row wrap" aria-label="Choose a template">
      <input type="hidden" name="customerId" value={customerId} />
      <label htmlFor={`${noun}-templateId`}>Start from a template</label>
      <select id={`${noun}-templateId`} name="templateId" defaultValue={choice.template?.id ?? ""}>
        <option value="">No template</option>
        {choice.templates.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        Use template
      </button>
    </Form>
  );
}

/** Inside the document form: the template it started from, and whether its files are copied (default yes). */
export function TemplateFields({
  choice,
  posted,
}: {
  choice: TemplateChoice;
  /** The refused post's values, whose box wins over the default, and its errors (a template gone meanwhile). */
  posted?: { values?: Record<string, unknown>; errors?: Record<string, string> };
}) {
  const { template } = choice;
  const error = posted?.errors?.templateId;
  if (!template) return error ? <FieldError error={error} /> : null;
  const copy = posted?.values ? posted.values.templateAttachments === "on" : true;
  return (
    <section className="card stack">
      <h2>Template</h2>
      <input type="hidden" name="templateId" value={template.id} />
      <p>
        Started from <strong>{template.name}</strong>.
      </p>
      <FieldError error={error} />
      {template.attachmentCount ? (
        <label>
          <input type="checkbox" name="templateAttachments" defaultChecked={copy} /> Copy the template&apos;s{" "}
          {template.attachmentCount === 1 ? "attachment" : `${template.attachmentCount} attachments`}
        </label>
      ) : null}
    </section>
  );
}
