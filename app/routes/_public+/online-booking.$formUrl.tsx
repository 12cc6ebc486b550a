import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import {
  BookingChoiceFields,
  BookingCustomerFields,
  BookingDayPicker,
  BookingNotesField,
  bookingValueText,
  type BookingValues,
} from "~/components/booking-fields";
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

function BookingForm({
  page,
  submissionKey,
  errors,
  values,
}: {
  page: BookingPageView;
  submissionKey: string;
  errors: Record<string, string>;
  values: BookingValues;
}) {
  const fields = { idPrefix: "b", values, errors };
  return (
    <>
      <h2>Book online</h2>
      {page.introText ? <p>{page.introText}</p> : null}
      <BookingDayPicker
        idPrefix="b"
        choices={page}
        phone={page.company.phone}
        error={errors._global}
        className="row"
        style={{ alignItems: "end", flexWrap: "wrap" }}
        scripted
      />
      <Form method="post" encType="multipart/form-data" className="stack" noValidate>
        <BookingChoiceFields {...fields} choices={page} submissionKey={submissionKey} scripted />
        <h3>Your details</h3>
        <BookingCustomerFields
          {...fields}
          address={page.placeSearch ? { className: "place-search", "data-place-search": page.placeSearch } : {}}
        >
          <input type="hidden" name="latitude" value={bookingValueText(values, "latitude")} />
          <input type="hidden" name="longitude" value={bookingValueText(values, "longitude")} />
        </BookingCustomerFields>
        <BookingNotesField {...fields} label="Notes" />
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
