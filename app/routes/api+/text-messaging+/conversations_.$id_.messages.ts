import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, pageResult, recordIdParam, requireApiAccess } from "~/http/api.server";
import { listMessages } from "~/models/text-messaging/conversation-messages.server";
import { MESSAGE_PAGE_SIZE } from "~/models/text-messaging/inbox.schema";
import { pagingOf } from "~/routes/api+/text-messaging+/__inbox-api.server";
import { screens } from "~/access/route-table";

/** GET /api/text-messaging/conversations/{id}/messages?pageNumber&pageSize → a page, newest first (page size 100 unless given). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.inbox);
  const id = recordIdParam(params.id);
  const { paging } = pagingOf(request, MESSAGE_PAGE_SIZE);
  const page = await listMessages(ctx, id, paging);
  return page ? json(pageResult(page.items, page.total ?? 0, paging)) : apiNotFound();
}
