import { json } from "@remix-run/node";
import { requireAccess, type AccessArgs } from "~/access/access.server";
import type { RouteRule } from "~/access/route-table";
import { BOOKING_REQUEST_SORT_FIELDS } from "~/models/booking/booking.schema";
import { listRequestsPage } from "~/models/booking/requests.server";
import { readListParams } from "~/utils/list-params";

/** The data of the requests list or the past list: sort and paging in the URL. */
export async function requestsListData(args: AccessArgs, entry: RouteRule, isPastRequest: boolean) {
  const { ctx, company } = await requireAccess(args, entry);
  const params = readListParams(new URL(args.request.url), BOOKING_REQUEST_SORT_FIELDS);
  const page = await listRequestsPage(ctx, {
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
    isPastRequest,
  });
  return json({ page, params, timezone: company.timezone });
}
