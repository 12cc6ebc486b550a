import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataOr404, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getConversation } from "~/models/text-messaging/conversations.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/conversations/{id} → {data: conversation}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  return dataOr404(await getConversation(ctx, recordIdParam(params.id)));
}
