import { Form } from "@remix-run/react";
import { RenameForm } from "~/components/one-field-form";
import { jobStatusLabels, paymentMethodLabels, timelineEventLabels } from "~/models/jobs/jobs.schema";
import { PlainSelectField, PlainTextField } from "~/components/form";
import { LineItemName, LineItemsTable, type DocumentLine } from "~/components/line-items-table";
import { TimelineList, type TimelineEntry } from "~/components/timeline-list";
import { VisitSummary, type Visit } from "~/components/visit-summary";
import { lineItemKindLabels } from "~/models/line-items/line-items.schema";
import { formatInZone, formatMoney } from "~/utils/format";

type Attachment = { id: number; fileUrl: string; fileName: string; contentType: string };
/** A job's or an estimate's files and timeline. */
export type FilesAndTimelineOf = {
  id: number;
  attachments: Attachment[];
  currentStateAttachments: Attachment[];
  timeline: TimelineEntry[];
};
type Details = Omit<Visit, "employees"> &
  FilesAndTimelineOf & {
    name: string | null;
    status: number;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    taxRate: number;
    totalCents: number;
    paidCents: number;
    publicToken: string;
    seriesId: number | null;
    lineItems: DocumentLine[];
    employees: { id: number; firstName: string; lastName: string }[];
    tags: { id: number; name: string }[];
    segments: { id: number; name: string }[];
    payments: { id: number; method: number; amountCents: number; note: string | null; paidAt: string }[];
  };

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ""} ${last ?? ""}`.trim();

/** Who made a timeline entry; in a shadow log-in both people: "Sam Super (as Dana Whitfield)". */
export function timelineActor(
  e: Pick<
    Details["timeline"][number],
    "actorFirstName" | "actorLastName" | "impersonatorFirstName" | "impersonatorLastName"
  >,
): string {
  if (!e.actorFirstName) return "System";
  const actor = fullName(e.actorFirstName, e.actorLastName);
  return e.impersonatorFirstName ? `${fullName(e.impersonatorFirstName, e.impersonatorLastName)} (as ${actor})` : actor;
}

const PAYMENT_METHODS = [0, 1, 2, 3].map((m) => ({ value: m, label: paymentMethodLabels[m] }));
/** The job's two file lists: each uploads under its own name and deletes by its own intent. */
const FILE_SECTIONS = [
  { title: "Attachments", upload: "attachment", list: "attachments", deleteIntent: "deleteAttachment" },
  {
    title: "Current state",
    upload: "currentState",
    list: "currentStateAttachments",
    deleteIntent: "deleteCurrentState",
  },
] as const;
const TIMELINE_LABELS = { events: timelineEventLabels, statuses: jobStatusLabels };
const ACCEPT = ".jpeg,.jpg,.gif,.png,.mp4,.webm,.mov,.mkv,.odt,.ods,.doc,.docx,.pdf,.txt,.xlsx,.xls";

/** The sections of the job details page; each form posts one intent. */
export function JobDetailsSections({
  job,
  timezone,
  errors,
  requestToken,
  messages = [],
}: {
  job: Details;
  timezone: string;
  errors: Record<string, string>;
  /** This rendering's token: a double post of "Send visit details" sends once. */
  requestToken?: string;
  /** The job's automatic messages (scheduled_messages), newest first. */
  messages?: JobMessage[];
}) {
  const balance = Math.max(0, job.totalCents - job.paidCents);
  return (
    <div className="stack">
      <VisitSummary visit={job} timezone={timezone}>
        {job.seriesId ? (
          <>
            <dt>Repeats</dt>
            <dd>Part of a recurring series</dd>
          </>
        ) : null}
        <dt>Customer page</dt>
        <dd>
          <a href={`/service-visit-details/${job.publicToken}`}>Visit details</a>
        </dd>
      </VisitSummary>

      <SendVisitDetails requestToken={requestToken} error={errors.channel} messages={messages} timezone={timezone} />

      <section className="card stack" aria-labelledby="job-lines">
        <h2 id="job-lines">Line items</h2>
        <div className="table-wrap">
          <LineItemsTable
            columns={["Item", "Qty", "Unit price", "Amount"]}
            rows={job.lineItems.map((l) => ({
              key: l.id,
              item: (
                <LineItemName
                  name={l.name}
                  note={
                    <>
                      {" "}
                      <span className="muted">
                        ({lineItemKindLabels[l.kind]}
                        {l.isTaxable ? ", taxable" : ""})
                      </span>
                    </>
                  }
                  description={l.description}
                />
              ),
              cells: [l.quantity, formatMoney(l.unitPriceCents), formatMoney(l.amountCents)],
            }))}
            totals={[
              { label: "Subtotal", value: formatMoney(job.subtotalCents) },
              { label: "Discount", value: `-${formatMoney(job.discountCents)}` },
              { label: `Tax (${job.taxRate / 100}%)`, value: formatMoney(job.taxCents) },
              { label: "Total", value: <strong>{formatMoney(job.totalCents)}</strong> },
            ]}
          />
        </div>
      </section>

      <section className="card stack" aria-labelledby="job-pay">
        <h2 id="job-pay">Payments</h2>
        {job.payments.map((p) => (
          <p key={p.id}>
            {formatMoney(p.amountCents)} by {paymentMethodLabels[p.method]} on {formatInZone(p.paidAt, timezone)}{" "}
            {p.note ? `— ${p.note}` : ""}
          </p>
        ))}
        {job.status !== 5 && job.status !== 6 ? (
          <Form method="post" className="row wrap">
            <PlainSelectField id="pay-method" label="Method" name="method" defaultValue="0" options={PAYMENT_METHODS} />
            <PlainTextField
              id="pay-amount"
              label="Amount ($)"
              name="amount"
              inputMode="decimal"
              defaultValue={(balance / 100).toFixed(2)}
              error={errors.amount}
            />
            <PlainTextField id="pay-note" label="Note" name="note" />
            <button className="button button-primary" name="intent" value="pay">
              Record payment
            </button>
          </Form>
        ) : null}
      </section>

      <section className="card stack" aria-labelledby="job-rename">
        <h2 id="job-rename">Title and segments</h2>
        <RenameForm label="Job title" name={job.name} error={errors.name} />
        <ul>
          {job.segments.map((s) => (
            <li key={s.id}>
              <Form method="post" className="row">
                {s.name}
                <input type="hidden" name="segmentId" value={s.id} />
                <button
                  className="button button-link"
                  name="intent"
                  value="deleteSegment"
                  aria-label={`Delete segment ${s.name}`}
                >
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="row wrap">
          <PlainTextField id="segment-name" label="New segment" name="name" maxLength={255} error={errors.segment} />
          <button className="button" name="intent" value="addSegment">
            Add segment
          </button>
        </Form>
      </section>

      <FilesAndTimeline kind="job" record={job} labels={TIMELINE_LABELS} errors={errors} timezone={timezone} />
    </div>
  );
}

const SEND_CHANNELS = [
  { value: 1, label: "Text" },
  { value: 2, label: "Email" },
  { value: 3, label: "Text and email" },
] as const;

type JobMessage = {
  id: number;
  kind: string;
  channel: number;
  status: string;
  dueAt: string;
  sentAt: string | null;
  error: string | null;
};
const KIND_LABELS: Record<string, string> = {
  job_scheduled: "Job scheduled",
  appointment_reminder: "Appointment reminder",
  on_my_way: "On my way",
  visit_details: "Visit details",
  campaign: "Custom campaign",
};
const CHANNEL_LABELS: Record<number, string> = { 1: "Text", 2: "Email", 3: "Text and email" };
const MESSAGE_STATUS_LABELS: Record<string, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** The visit's details (its customer page link) to the customer now, by text, email or both; and what went or waits. */
function SendVisitDetails({
  requestToken,
  error,
  messages,
  timezone,
}: {
  requestToken?: string;
  error?: string;
  messages: JobMessage[];
  timezone: string;
}) {
  return (
    <section className="card stack" aria-labelledby="job-send-details">
      <h2 id="job-send-details">Customer messages</h2>
      {messages.length ? (
        <ul aria-label="Messages to the customer">
          {messages.map((m) => (
            <li key={m.id}>
              <strong>{KIND_LABELS[m.kind] ?? m.kind}</strong> · {CHANNEL_LABELS[m.channel] ?? ""} ·{" "}
              <span className={`badge${m.status === "failed" ? " badge-danger" : ""}`}>
                {MESSAGE_STATUS_LABELS[m.status] ?? m.status}
              </span>{" "}
              <span className="muted">
                {m.sentAt
                  ? formatInZone(m.sentAt, timezone)
                  : m.status === "pending"
                    ? `at ${formatInZone(m.dueAt, timezone)}`
                    : ""}
                {m.error ? ` — ${m.error}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No messages yet.</p>
      )}
      <Form method="post" className="stack">
        {requestToken ? <input type="hidden" name="requestToken" value={requestToken} /> : null}
        <fieldset aria-describedby={error ? "send-details-error" : undefined}>
          <legend>Send to the customer by</legend>
          <div className="row wrap">
            {SEND_CHANNELS.map((c) => (
              <label key={c.value} className="checkbox">
                <input type="radio" name="channel" value={c.value} defaultChecked={c.value === 3} /> {c.label}
              </label>
            ))}
          </div>
          {error ? (
            <p className="field-error" id="send-details-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div>
          <button className="button" name="intent" value="sendVisitDetails">
            Send visit details
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A job's or an estimate's two file lists, then its timeline. */
export function FilesAndTimeline({
  kind,
  record,
  labels,
  errors,
  timezone,
}: {
  kind: "job" | "estimate";
  record: FilesAndTimelineOf;
  labels: { events: Record<number, string>; statuses: Record<number, string> };
  errors: Record<string, string>;
  timezone: string;
}) {
  return (
    <>
      {FILE_SECTIONS.map(({ list, ...section }) => (
        <Files
          key={section.upload}
          {...section}
          files={record[list]}
          record={{ field: `${kind}Id`, id: record.id }}
          error={errors[section.upload]}
        />
      ))}

      <section className="card stack" aria-labelledby={`${kind}-timeline`}>
        <h2 id={`${kind}-timeline`}>Timeline</h2>
        <TimelineList
          entries={record.timeline}
          eventLabels={labels.events}
          statusLabels={labels.statuses}
          timezone={timezone}
        />
      </section>
    </>
  );
}

function Files({
  title,
  upload,
  files,
  record,
  error,
  deleteIntent,
}: {
  title: string;
  upload: string;
  files: Attachment[];
  record: { field: string; id: number };
  error?: string;
  deleteIntent: string;
}) {
  const id = `upload-${upload}`;
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            <Form method="post" className="row">
              <a href={f.fileUrl}>{f.fileName}</a>
              <input type="hidden" name="fileUrl" value={f.fileUrl} />
              <button
                className="button button-link"
                name="intent"
                value={deleteIntent}
                aria-label={`Delete ${f.fileName}`}
              >
                Delete
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" action={`?upload=${upload}`} className="row wrap">
        <input type="hidden" name={record.field} value={record.id} />
        <PlainTextField
          id={id}
          label="Add a file"
          type="file"
          name="files"
          accept={ACCEPT}
          required
          hint="One file per upload. Images and documents up to 10 MB, videos up to 50 MB."
          error={error}
        />
        <button className="button">Upload</button>
      </Form>
    </section>
  );
}
