import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingRequestList } from "~/components/booking-request-list";
import { requestsListData } from "~/routes/_app+/booking-requests+/__requests-list.server";
import { screens } from "~/access/route-table";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  requestsListData({ request, context }, screens.bookingRequests.past, true);

/** Requests moved to the past list. */
export default function PastBookingRequestsRoute() {
  const { page, params, timezone } = useLoaderData<typeof loader>();
  return (
    <BookingRequestList
      title="Past requests"
      rows={page.items}
      total={page.total}
      params={params}
      timezone={timezone}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Past requests | Fieldwise" }];
