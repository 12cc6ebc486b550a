import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataOr404, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getOutgoingMessage } from "~/models/text-messaging/conversation-messages.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/outgoing-message/{id} → {data: message}: its delivery state, read again after sending. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  return dataOr404(await getOutgoingMessage(ctx, recordIdParam(params.id)));
}
