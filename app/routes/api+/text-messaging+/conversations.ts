import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, requireApiAccess } from "~/http/api.server";
import { listConversations } from "~/models/text-messaging/conversations.server";
import { CONVERSATION_PAGE_SIZE, conversationsQuerySchema } from "~/models/text-messaging/inbox.schema";
import { pagingOf } from "~/routes/api+/text-messaging+/__inbox-api.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/conversations?onlyUnread&pageNumber&pageSize → a page, latest activity first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  const { query, paging } = pagingOf(request, CONVERSATION_PAGE_SIZE);
  const { onlyUnread } = parseOr400(conversationsQuerySchema, query);
  const page = await listConversations(ctx, { paging, onlyUnread });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
