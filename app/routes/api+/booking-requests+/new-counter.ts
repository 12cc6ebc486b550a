import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { countNewRequests } from "~/models/booking/request-counter.server";
import { screens } from "~/access/route-table";

/** GET /api/booking-requests/new-counter → {count}: the company's new requests (the header's badge). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.bookingRequests.list);
  return json({ count: await countNewRequests(ctx.companyId) });
}
