import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { bookingRequestPageQuerySchema } from "~/models/booking/booking.schema";
import { listRequestsPage } from "~/models/booking/requests.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/booking-requests/page?pagingSettings.pageNumber&pagingSettings.pageSize
 * &pagingSettings.sortSettings[0].fieldName&...descending&isPastRequest → {items, total, pageNumber, pageSize}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.bookingRequests.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const { isPastRequest } = parseOr400(bookingRequestPageQuerySchema, query);
  const page = await listRequestsPage(ctx, { paging, isPastRequest });
  return json(pageResult(page.items, page.total, paging));
}
