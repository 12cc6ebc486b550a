import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import { PHOTO_TYPES, QuestionType } from "~/models/booking/booking.schema";
import type { BookingQuestionView } from "~/models/booking/booking-settings.server";
import type { HydrationHandle } from "~/utils/hydration";
import {
  bookingPageView,
  confirmationView,
  newSubmissionKey,
  postBookingForm,
  requireBookingForm,
  type BookingPageView,
  type ConfirmedView,
} from "./__booking-form.server";
import { BookingDayScript } from "./__booking-day-script";
import { BookingPlacesScript } from "./__booking-places-script";
import { NO_STORE } from "./__payment-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.onlineBooking);
  const form = await requireBookingForm(params.formUrl);
  const url = new URL(request.url);
  const confirmed = url.searchParams.get("confirmed");
  if (confirmed) return json({ page: await confirmationView(form, confirmed), key: "" }, { headers: NO_STORE });
  const page = await bookingPageView(form, url.searchParams.get("day"));
  return json({ page, key: newSubmissionKey() }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.onlineBooking);
  const form = await requireBookingForm(params.formUrl);
  const result = await postBookingForm(request, context, form);
  if (result instanceof Response) return result;
  const day = typeof result.values.day === "string" ? result.values.day : null;
  return json(
    { page: await bookingPageView(form, day), errors: result.errors, values: result.values },
    { status: result.status, headers: NO_STORE },
  );
}

/** The public booking form: plain HTML that works without JavaScript, one page, a GET day picker. */
export default function OnlineBookingRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = posted?.page ?? loaded.page;
  return (
    <main className="public-page stack" style={{ maxWidth: "40rem", margin: "0 auto", padding: "1rem" }}>
      <header className="row">
        {page.company.logoUrl ? (
          <img src={page.company.logoUrl} alt="" style={{ maxHeight: "3rem", width: "auto" }} />
        ) : null}
        <div>
          <h1>{page.company.name}</h1>
          {page.company.phone ? <p className="muted">{page.company.phone}</p> : null}
        </div>
      </header>
      {page.kind === "confirmed" ? (
        <Confirmation page={page} />
      ) : (
        <BookingForm
          page={page}
          submissionKey={String(posted?.values.submissionKey ?? loaded.key)}
          errors={posted?.errors ?? {}}
          values={posted?.values ?? {}}
        />
      )}
    </main>
  );
}

type Values = Record<string, unknown>;
const durationText = (minutes: number) => (minutes === 60 ? "1 hour" : `${minutes / 60} hours`);
const text = (values: Values, name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
const list = (values: Values, name: string) => ([] as unknown[]).concat(values[name] ?? []).map(String);

function BookingForm({
  page,
  submissionKey,
  errors,
  values,
}: {
  page: BookingPageView;
  submissionKey: string;
  errors: Record<string, string>;
  values: Values;
}) {
  const field = (name: string, label: string, more: Record<string, unknown> = {}) => (
    <PlainTextField
      id={`b-${name}`}
      name={name}
      label={label}
      defaultValue={text(values, name)}
      error={errors[name]}
      {...more}
    />
  );
  return (
    <>
      <h2>Book online</h2>
      {page.introText ? <p>{page.introText}</p> : null}
      {errors._global ? (
        <p className="form-error" role="alert">
          {errors._global}
        </p>
      ) : null}
      {page.days.length === 0 ? (
        <p className="alert alert-warning" role="status">
          There are no open times right now. Please call us{page.company.phone ? ` at ${page.company.phone}` : ""}.
        </p>
      ) : (
        <Form method="get" className="row" style={{ alignItems: "end", flexWrap: "wrap" }} data-day-picker>
          <PlainSelectField
            id="b-day"
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
        <input type="hidden" name="day" value={page.day ?? ""} data-day-input />
        {page.services.length ? (
          <PlainSelectField
            id="b-serviceId"
            name="serviceId"
            label="Service"
            placeholder="Choose a service"
            options={page.services}
            defaultValue={text(values, "serviceId")}
            error={errors.serviceId}
          />
        ) : null}
        <fieldset aria-describedby={errors.startTime ? "b-startTime-error" : undefined} data-times>
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
          <FieldError id="b-startTime-error" error={errors.startTime} />
        </fieldset>
        {page.questions.map((q) => (
          <Question key={q.id} q={q} values={values} error={errors[`answers.${q.id}`]} />
        ))}
        <h3>Your details</h3>
        {field("firstName", "First Name", { autoComplete: "given-name", required: true })}
        {field("lastName", "Last Name", { autoComplete: "family-name" })}
        {field("email", "Email", { type: "email", autoComplete: "email" })}
        {field("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        {field("location", "Address", {
          autoComplete: "street-address",
          required: true,
          ...(page.placeSearch ? { className: "place-search", "data-place-search": page.placeSearch } : {}),
        })}
        <input type="hidden" name="latitude" value={text(values, "latitude")} />
        <input type="hidden" name="longitude" value={text(values, "longitude")} />
        {field("unitNumber", "Unit")}
        <PlainTextareaField
          id="b-notes"
          name="notes"
          label="Notes"
          defaultValue={text(values, "notes")}
          error={errors.notes}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="b-website">Leave this field empty</label>
          <input id="b-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="button button-primary button-lg">
          Request booking
        </button>
      </Form>
      <BookingDayScript />
      <BookingPlacesScript />
    </>
  );
}

/** One question by its type; a photo question keeps the photos already sent as hidden URLs. */
function Question({ q, values, error }: { q: BookingQuestionView; values: Values; error?: string }) {
  const name = `answers.${q.id}`;
  const id = `b-q${q.id}`;
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

function Confirmation({ page }: { page: ConfirmedView }) {
  const r = page.request;
  return (
    <section className="card stack" aria-labelledby="booked-title">
      <h2 id="booked-title">Thank you! Your request was sent.</h2>
      <p>
        {page.needsApproval
          ? `${page.company.name} will confirm your booking soon.`
          : `${page.company.name} has booked your visit.`}
      </p>
      {r ? (
        <dl className="details">
          {r.serviceName ? (
            <>
              <dt>Service</dt>
              <dd>{r.serviceName}</dd>
            </>
          ) : null}
          <dt>When</dt>
          <dd>{r.when}</dd>
          <dt>Name</dt>
          <dd>{r.name}</dd>
          <dt>Address</dt>
          <dd>{r.location}</dd>
          <dt>Contact</dt>
          <dd>{r.contact}</dd>
          {r.answers.map((a) => (
            <Fragment key={a.label}>
              <dt>{a.label}</dt>
              <dd>{a.text}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

export const handle: HydrationHandle = { hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Book online | ${data.page.company.name}` : "Book online" },
];
