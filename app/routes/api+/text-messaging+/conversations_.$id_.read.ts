import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { getConversation, markConversationRead } from "~/models/text-messaging/conversations.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.inbox);
  return methodNotAllowed();
}

/** PATCH /api/text-messaging/conversations/{id}/read → {data: conversation} with its unread count 0. */
export const action = apiAction(screens.inbox, {
  PATCH: async ({ ctx, id }) =>
    (await markConversationRead(ctx, id())) ? dataOr404(await getConversation(ctx, id())) : apiNotFound(),
});
