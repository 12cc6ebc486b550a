import { Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CheckboxGroupField, FormError, SubmitButton, TextField } from "~/components/form";
import { WEBHOOK_EVENTS } from "~/models/webhooks/event-types";
import { webhookEndpointSchema } from "~/models/webhooks/webhooks.schema";

export const WEBHOOK_FORM_ID = "webhook-endpoint-form";
export const webhookEndpointValidator = withZod(webhookEndpointSchema);
const eventOptions = WEBHOOK_EVENTS.map((e) => ({ value: e.type, label: e.type }));

type Endpoint = { id: number; url: string; description: string | null; eventTypes: string[]; isEnabled: boolean };

/** The integrations page's webhooks: the company's endpoints and the 'Add endpoint' form. */
export function WebhooksSection({ endpoints }: { endpoints: Endpoint[] }) {
  return (
    <section className="card stack" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p>
        We POST a signed JSON message to your URL when customers, jobs, estimates, invoices, payments or booking
        requests change. Each request carries <code>Webhook-Id</code>, <code>Webhook-Timestamp</code> and{" "}
        <code>Webhook-Signature</code> headers (the Standard Webhooks scheme); failed deliveries are retried for about a
        day and a half.
      </p>
      {endpoints.length === 0 ? (
        <p className="muted">No endpoints yet.</p>
      ) : (
        <table className="table" aria-label="Webhook endpoints">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Description</th>
              <th scope="col">Events</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => (
              <tr key={e.id}>
                <td>
                  <Link to={`/integrations/webhooks/${e.id}`}>{e.url}</Link>
                </td>
                <td>{e.description}</td>
                <td>{e.eventTypes.length === 0 ? "All events" : e.eventTypes.join(", ")}</td>
                <td>{e.isEnabled ? "Enabled" : "Disabled"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ValidatedForm
        id={WEBHOOK_FORM_ID}
        validator={webhookEndpointValidator}
        method="post"
        className="stack"
        aria-labelledby="add-endpoint-title"
      >
        <h3 id="add-endpoint-title">Add endpoint</h3>
        <FormError formId={WEBHOOK_FORM_ID} />
        <TextField
          name="url"
          label="URL"
          type="url"
          placeholder="https://example.com/webhooks"
          formId={WEBHOOK_FORM_ID}
        />
        <TextField name="description" label="Description" formId={WEBHOOK_FORM_ID} />
        <CheckboxGroupField
          name="eventTypes"
          label="Events (none ticked: all events)"
          options={eventOptions}
          selected={[]}
          formId={WEBHOOK_FORM_ID}
        />
        <div className="row">
          <SubmitButton formId={WEBHOOK_FORM_ID} name="intent" value="add-webhook">
            Add Endpoint
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

/** Two CSV downloads over a date range: a GET form each, so they work without JavaScript. */
export function AccountingExportSection({ from, to }: { from: string; to: string }) {
  const forms = [
    { action: "/integrations/invoices.csv", title: "Invoices", id: "export-invoices" },
    { action: "/integrations/payments.csv", title: "Payments", id: "export-payments" },
  ];
  return (
    <section className="card stack" aria-labelledby="accounting-export-title">
      <h2 id="accounting-export-title">Export for accounting</h2>
      <p>
        Download invoices (by issue date) or payments received (by payment date) as CSV files for your accounting tool.
        Amounts are in dollars.
      </p>
      {forms.map((f) => (
        <form key={f.id} method="get" action={f.action} className="row" aria-labelledby={`${f.id}-title`}>
          <h3 id={`${f.id}-title`}>{f.title}</h3>
          <label>
            From <input type="date" name="from" defaultValue={from} required />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={to} required />
          </label>
          <button type="submit" className="button">
            Download {f.title} CSV
          </button>
        </form>
      ))}
    </section>
  );
}
