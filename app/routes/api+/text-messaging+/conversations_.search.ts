import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, requireApiAccess } from "~/http/api.server";
import { searchConversations } from "~/models/text-messaging/conversations.server";
import { CONVERSATION_PAGE_SIZE, conversationSearchSchema } from "~/models/text-messaging/inbox.schema";
import { pagingOf } from "~/routes/api+/text-messaging+/__inbox-api.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/conversations/search?searchQuery&onlyUnread&pageNumber&pageSize → a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  const { query, paging } = pagingOf(request, CONVERSATION_PAGE_SIZE);
  const input = parseOr400(conversationSearchSchema, query);
  const page = await searchConversations(ctx, { paging, ...input });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
