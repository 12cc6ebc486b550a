import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { PortalAccess } from "~/access/portal.server";
import { screens } from "~/access/route-table";
import type { PublicBookingForm } from "~/models/booking/booking-settings.server";
import { BookingRequestStatus } from "~/models/booking/booking.schema";
import { publicFormOfCompany } from "~/models/booking/submission.server";
import { defaultAddress, findOwnRequest } from "~/models/portal/portal-records.server";
import { formatInZone } from "~/utils/format";
import { formatPhone } from "~/utils/validation";
import { bookingPageView, newSubmissionKey, postBookingForm } from "../_public+/__booking-form.server";
import { ownerOf, requireSection } from "./__portal.server";
import { NO_STORE, PortalError, PortalSection, portalTitle } from "./__portal-ui";
import { RequestWorkForm, type RequestWorkPage } from "./__request-work-form";

/**
 * "Request work" makes a booking request of the company's online booking (its services, times,
 * questions and rules), already assigned to this customer: it lands in the staff's booking requests.
 * Without an online booking form turned on there are no times to offer, and the page says to call.
 */
async function formPage(form: PublicBookingForm, day: string | null): Promise<RequestWorkPage> {
  const view = await bookingPageView(form, day);
  return {
    services: view.services,
    questions: view.questions,
    days: view.days,
    day: view.day,
    windows: view.windows,
    durationMinutes: view.durationMinutes,
    timezone: view.timezone,
    phone: view.company.phone,
  };
}

async function customerValues(access: PortalAccess) {
  const address = await defaultAddress(ownerOf(access));
  return {
    firstName: access.customer.firstName,
    lastName: access.customer.lastName,
    email: access.customer.email ?? "",
    phone: formatPhone(access.customer.phone) ?? "",
    location: address?.location ?? "",
    unitNumber: address?.unitNumber ?? "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.requestWork, "canRequestWork");
  const url = new URL(request.url);
  const phone = formatPhone(access.company.phone) || null;
  const confirmed = url.searchParams.get("confirmed");
  if (confirmed) {
    const sent = await findOwnRequest(ownerOf(access), confirmed);
    const tz = access.company.timezone;
    return json(
      {
        kind: "confirmed" as const,
        phone,
        companyName: access.company.businessName,
        request: sent && {
          serviceName: sent.serviceName,
          booked: sent.status === BookingRequestStatus.ConvertedToJob,
          when: `${formatInZone(sent.startTime, tz, "dddd, MMM D, YYYY")}, ${formatInZone(sent.startTime, tz, "h:mm a")} – ${formatInZone(sent.endTime, tz, "h:mm a")}`,
          location: [sent.location, sent.unitNumber].filter(Boolean).join(", "),
        },
      },
      { headers: NO_STORE },
    );
  }
  const form = await publicFormOfCompany(access.companyId);
  if (!form) return json({ kind: "unavailable" as const, phone }, { headers: NO_STORE });
  return json(
    {
      kind: "form" as const,
      phone,
      page: await formPage(form, url.searchParams.get("day")),
      key: newSubmissionKey(),
      values: await customerValues(access),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireSection({ request, context }, screens.portal.requestWork, "canRequestWork");
  const form = await publicFormOfCompany(access.companyId);
  if (!form)
    return json(
      { errors: { _global: "Online requests are not available right now." }, values: {}, page: null },
      { status: 409, headers: NO_STORE },
    );
  const result = await postBookingForm(request, context, form, access.customerId);
  if (result instanceof Response) return result;
  const day = typeof result.values.day === "string" ? result.values.day : null;
  return json(
    { errors: result.errors, values: result.values, page: await formPage(form, day) },
    { status: result.status, headers: NO_STORE },
  );
}

export default function PortalRequestWorkRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (loaded.kind === "confirmed") {
    const r = loaded.request;
    return (
      <section className="portal-section" aria-labelledby="request-sent">
        <h1 id="request-sent">Thank you! Your request was sent.</h1>
        <p>
          {r?.booked
            ? `${loaded.companyName} has booked your visit.`
            : `${loaded.companyName} will confirm your booking soon.`}
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
            <dt>Address</dt>
            <dd>{r.location}</dd>
          </dl>
        ) : null}
        <p>
          <Link to="/portal">Back to your portal</Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <h1>Request work</h1>
      {loaded.kind === "unavailable" ? (
        <PortalSection id="request-unavailable" title="Requests by phone">
          <p>Online requests are not available right now. Please call us{loaded.phone ? ` at ${loaded.phone}` : ""}.</p>
        </PortalSection>
      ) : (
        <PortalSection id="request-form" title="Tell us what you need">
          <RequestWorkForm
            page={posted?.page ?? loaded.page}
            submissionKey={String(posted?.values.submissionKey ?? loaded.key)}
            errors={posted?.errors ?? {}}
            values={posted?.values ?? loaded.values}
          />
        </PortalSection>
      )}
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => portalTitle(matches, "Request work");

export function ErrorBoundary() {
  return <PortalError />;
}
