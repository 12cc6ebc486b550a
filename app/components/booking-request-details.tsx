import { Form, Link } from "@remix-run/react";
import { contactName, requestWindow } from "~/components/booking-request-list";
import { CustomerSearchForm } from "~/components/customer-picker";
import { CancelOrSubmit } from "~/components/delete-confirmation";
import { PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import {
  bookingRequestEventLabels,
  bookingRequestStatusLabels,
  QuestionType,
  type BookingAnswer,
} from "~/models/booking/booking.schema";
import { formatInZone } from "~/utils/format";

type Photo = { id: number; fileUrl: string; fileName: string; questionId: number | null };
type TimelineEntry = {
  id: number;
  type: number;
  actorType: number;
  actorName: string | null;
  data: Record<string, unknown> | null;
  at: string;
};

export type RequestView = {
  id: number;
  status: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  location: string;
  unitNumber: string | null;
  notes: string | null;
  serviceName: string | null;
  startTime: string;
  endTime: string;
  timezone: string;
  employeeName: string | null;
  answers: BookingAnswer[];
  photos: Photo[];
  timeline: TimelineEntry[];
  customerId: number | null;
  customerName: string | null;
  jobId: number | null;
  estimateId: number | null;
};

const answerText = (value: BookingAnswer["value"]) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

/** Contact, address, window and service, then the answers with their photos. */
export function BookingRequestSummary({ request }: { request: RequestView }) {
  return (
    <section className="card stack" aria-labelledby="request-summary">
      <h2 id="request-summary">Request</h2>
      <dl>
        <dt>Contact</dt>
        <dd>{contactName(request)}</dd>
        <dt>Phone</dt>
        <dd>{request.phone ? <a href={`tel:${request.phone}`}>{request.phone}</a> : "—"}</dd>
        <dt>Email</dt>
        <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : "—"}</dd>
        <dt>Address</dt>
        <dd>{[request.location, request.unitNumber && `Unit ${request.unitNumber}`].filter(Boolean).join(", ")}</dd>
        <dt>Service</dt>
        <dd>{request.serviceName ?? "—"}</dd>
        <dt>Window</dt>
        <dd>{requestWindow(request)}</dd>
        <dt>Employee</dt>
        <dd>{request.employeeName ?? "—"}</dd>
        <dt>Customer</dt>
        <dd>
          {request.customerId ? (
            <Link to={`/customers/${request.customerId}`}>{request.customerName}</Link>
          ) : (
            "Not assigned"
          )}
        </dd>
        <MadeRecord noun="Job" to="/jobs" id={request.jobId} />
        <MadeRecord noun="Estimate" to="/estimates" id={request.estimateId} />
      </dl>
      {request.notes ? (
        <>
          <h3>Notes</h3>
          <p style={{ whiteSpace: "pre-wrap" }}>{request.notes}</p>
        </>
      ) : null}
      <h3>Answers</h3>
      {request.answers.length === 0 ? <p>No questions were answered.</p> : null}
      <dl>
        {request.answers.map((a) => (
          <div key={a.questionId}>
            <dt>{a.label}</dt>
            <dd>
              {a.type === QuestionType.UploadImage ? (
                <PhotoList photos={request.photos.filter((p) => p.questionId === a.questionId)} />
              ) : (
                answerText(a.value) || "—"
              )}
            </dd>
          </div>
        ))}
      </dl>
      {request.photos.some((p) => !request.answers.some((a) => a.questionId === p.questionId)) ? (
        <>
          <h3>Photos</h3>
          <PhotoList
            photos={request.photos.filter((p) => !request.answers.some((a) => a.questionId === p.questionId))}
          />
        </>
      ) : null}
    </section>
  );
}

function PhotoList({ photos }: { photos: Photo[] }) {
  if (photos.length === 0) return <>—</>;
  return (
    <ul className="row" aria-label="Photos">
      {photos.map((p) => (
        <li key={p.id}>
          <a href={p.fileUrl}>
            <img
              src={p.fileUrl}
              alt={p.fileName}
              width={120}
              height={120}
              loading="lazy"
              style={{ objectFit: "cover" }}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function eventDetail(entry: TimelineEntry): string {
  const data = entry.data ?? {};
  if (typeof data.toStatus === "number")
    return `${bookingRequestStatusLabels[data.toStatus as keyof typeof bookingRequestStatusLabels] ?? ""}`;
  if (data.isNewCustomer) return "New customer";
  if (Array.isArray(data.fields) && data.fields.length) return data.fields.join(", ");
  return "";
}

/** Every step of the request, oldest first, with who made it. */
export function BookingRequestTimeline({ request }: { request: RequestView }) {
  return (
    <section className="card stack" aria-labelledby="request-timeline">
      <h2 id="request-timeline">Timeline</h2>
      <ol className="stack">
        {request.timeline.map((e) => {
          const detail = eventDetail(e);
          return (
            <li key={e.id}>
              <strong>
                {bookingRequestEventLabels[e.type as keyof typeof bookingRequestEventLabels] ?? "Changed"}
              </strong>
              {detail ? ` (${detail})` : null} — {e.actorName ?? (e.actorType === 2 ? "Customer" : "System")},{" "}
              <time dateTime={e.at}>{formatInZone(e.at, request.timezone)}</time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The request's actions, each a plain form (works without JavaScript). */
export function BookingRequestActions({ request, converted }: { request: RequestView; converted: boolean }) {
  const button = (intent: string, label: string, primary = false) => (
    <Form method="post">
      <button className={primary ? "button button-primary" : "button"} name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="row">
      {converted ? null : button("toJob", "Convert to job", true)}
      {converted ? null : button("toEstimate", "Convert to estimate")}
      {request.customerId || converted ? null : button("newCustomer", "Create customer")}
      {converted || request.status === 3 ? null : button("bad", "Mark as bad request")}
      {button("past", "Move to past")}
      <Link className="button" to="?edit=1">
        Edit
      </Link>
      <Link className="button button-danger" to="?delete=1">
        Delete
      </Link>
    </div>
  );
}

/** The job or estimate the request became, when it became one. */
function MadeRecord({ noun, to, id }: { noun: string; to: string; id: number | null }) {
  return id ? (
    <>
      <dt>{noun}</dt>
      <dd>
        <Link to={`${to}/${id}`}>
          {noun} #{id}
        </Link>
      </dd>
    </>
  ) : null;
}

/** Find an existing customer (GET search) and confirm the one chosen. */
export function AssignCustomerSection({
  q,
  matches,
  chosen,
}: {
  q: string;
  matches: { id: number; name: string }[];
  chosen: { id: number; name: string } | null;
}) {
  return (
    <section className="card stack" aria-labelledby="assign-customer">
      <h2 id="assign-customer">Assign to a customer</h2>
      {chosen ? (
        <Form method="post" className="row">
          <input type="hidden" name="customerId" value={chosen.id} />
          <p>Assign this request to {chosen.name}?</p>
          <button className="button button-primary" name="intent" value="assign">
            Assign to {chosen.name}
          </button>
          <Link className="button" to=".">
            Cancel
          </Link>
        </Form>
      ) : (
        <>
          <CustomerSearchForm id="request-customer-search" q={q} />
          {q && matches.length === 0 ? <p>No customers match.</p> : null}
          {matches.length ? (
            <ul className="stack">
              {matches.map((c) => (
                <li key={c.id}>
                  <Link to={`?customerId=${c.id}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The PUT fields as a form; values kept and errors beside the fields after a refusal. */
export function BookingRequestEditForm({
  request,
  values,
  errors,
}: {
  request: RequestView;
  values?: Record<string, unknown>;
  errors: Record<string, string>;
}) {
  const value = (name: keyof RequestView) => String(values?.[name] ?? request[name] ?? "");
  const field = (name: keyof RequestView, label: string, type = "text") => (
    <PlainTextField
      id={`request-${name}`}
      label={label}
      name={name}
      type={type}
      defaultValue={value(name)}
      error={errors[name]}
    />
  );
  const statusOptions = [0, 1, 2, 4].map((s) => ({
    value: s,
    label: bookingRequestStatusLabels[s as keyof typeof bookingRequestStatusLabels],
  }));
  return (
    <Form method="post" className="card stack" aria-label="Edit request">
      <h2>Edit request</h2>
      {field("firstName", "First Name")}
      {field("lastName", "Last Name")}
      {field("email", "Email", "email")}
      {field("phone", "Phone", "tel")}
      {field("location", "Address")}
      {field("unitNumber", "Unit")}
      <PlainTextareaField
        id="request-notes"
        label="Notes"
        name="notes"
        defaultValue={value("notes")}
        error={errors.notes}
      />
      {[0, 1, 2, 4].includes(request.status) ? (
        <PlainSelectField
          id="request-status"
          label="Status"
          name="status"
          options={statusOptions}
          defaultValue={value("status")}
          error={errors.status}
        />
      ) : null}
      <CancelOrSubmit intent="edit" className="button button-primary">
        Save
      </CancelOrSubmit>
    </Form>
  );
}
