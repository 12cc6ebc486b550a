import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { segmentsBalance } from "~/models/text-messaging/conversations.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/available-sms-segments-balance → {data: {availableSmsSegmentsBalance, segmentLimitReached}}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  return json({ data: await segmentsBalance(ctx.companyId) });
}
