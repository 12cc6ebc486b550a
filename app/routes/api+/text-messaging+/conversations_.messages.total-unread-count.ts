import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { totalUnreadCount } from "~/models/text-messaging/conversations.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/conversations/messages/total-unread-count → {count}: unread messages of all conversations. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  return json({ count: await totalUnreadCount(ctx.companyId) });
}
