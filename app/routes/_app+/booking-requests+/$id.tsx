import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  AssignCustomerSection,
  BookingRequestActions,
  BookingRequestEditForm,
  BookingRequestSummary,
  BookingRequestTimeline,
} from "~/components/booking-request-details";
import { BookingRequestStatusBadge, contactName } from "~/components/booking-request-list";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormAlert } from "~/components/document-form";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { BookingRequestStatus } from "~/models/booking/booking.schema";
import { getRequest, markRequestViewed } from "~/models/booking/requests.server";
import { displayName } from "~/models/customers/customers.schema";
import { getCustomer, searchCustomers } from "~/models/customers/customers.server";
import { requestDetailsAction } from "~/routes/_app+/booking-requests+/__request-actions.server";
import { MapIsland } from "~/components/map-island";
import { mapsBrowserKey } from "~/services/maps-key.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.bookingRequests.details);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  // Opening a new request marks it viewed (and the header's badge counts one less).
  const viewed = await markRequestViewed(ctx, id);
  const bookingRequest = await getRequest(ctx, id);
  if (!bookingRequest) notFound();
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const chosenId = Number(url.searchParams.get("customerId")) || null;
  const chosen = chosenId ? await getCustomer(ctx, chosenId) : null;
  const matches = q && !chosen ? await searchCustomers(ctx, q, 20) : [];
  return json({
    bookingRequest,
    viewed,
    q,
    matches: matches.map((c) => ({ id: c.id, name: displayName(c) })),
    chosen: chosen ? { id: chosen.id, name: displayName(chosen) } : null,
    editing: url.searchParams.get("edit") === "1",
    confirmDelete: url.searchParams.get("delete") === "1",
    mapsKey: mapsBrowserKey(),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.bookingRequests.details);
  return requestDetailsAction(request, ctx, Number(params.id));
}

/** A booking request: contact, window, answers and photos, timeline, and what the office does with it. */
export default function BookingRequestRoute() {
  const { bookingRequest, q, matches, chosen, editing, confirmDelete, mapsKey } = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: Record<string, string>; values?: Record<string, unknown> }>();
  const errors = result?.errors ?? {};
  const converted =
    bookingRequest.status === BookingRequestStatus.ConvertedToJob ||
    bookingRequest.status === BookingRequestStatus.ConvertedToEstimate;
  const showEdit = editing || result?.values?.intent === "edit";
  return (
    <>
      <PageHeader
        title={contactName(bookingRequest)}
        breadcrumb={{
          label: bookingRequest.isPast ? "Past requests" : "Booking requests",
          to: bookingRequest.isPast ? "/booking-requests/past" : "/booking-requests",
        }}
        badge={<BookingRequestStatusBadge status={bookingRequest.status} />}
        actions={<BookingRequestActions request={bookingRequest} converted={converted} />}
      />
      <div className="stack">
        <FormAlert error={errors._global ?? errors.customerId} />
        {confirmDelete ? (
          <DeleteConfirmation noun="Request">
            <p>The request from {contactName(bookingRequest)} with its photos will be completely deleted.</p>
          </DeleteConfirmation>
        ) : null}
        {showEdit ? <BookingRequestEditForm request={bookingRequest} values={result?.values} errors={errors} /> : null}
        {bookingRequest.customerId || converted ? null : (
          <AssignCustomerSection q={q} matches={matches} chosen={chosen} />
        )}
        <div className="grid-2">
          <BookingRequestSummary request={bookingRequest} />
          <BookingRequestTimeline request={bookingRequest} />
        </div>
        <MapIsland
          places={[{ label: bookingRequest.location, address: bookingRequest.location, geo: bookingRequest.geoData }]}
          apiKey={mapsKey}
        />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? contactName(data.bookingRequest) : "Booking request"} | Fieldwise` },
];
