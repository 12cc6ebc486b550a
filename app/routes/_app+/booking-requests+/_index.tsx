import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingRequestList } from "~/components/booking-request-list";
import { requestsListData } from "~/routes/_app+/booking-requests+/__requests-list.server";
import { screens } from "~/access/route-table";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  requestsListData({ request, context }, screens.bookingRequests.list, false);

/** Booking requests from the public form that are not moved to the past list, newest first. */
export default function BookingRequestsRoute() {
  const { page, params, timezone } = useLoaderData<typeof loader>();
  return (
    <BookingRequestList
      title="Booking requests"
      rows={page.items}
      total={page.total}
      params={params}
      timezone={timezone}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Booking requests | Fieldwise" }];
