import { json } from "@remix-run/node";
import { apiNotFound, readPaging, readQuery } from "~/http/api.server";
import type { SendOutcome } from "~/models/text-messaging/conversation-messages.server";

/** A send's answer: {data: {conversation, message}}, 400 with reason not_enough_segments, or 404. */
export function sendAnswer(outcome: SendOutcome, status = 200): Response {
  if (!outcome) return apiNotFound();
  if (!outcome.ok)
    return json({ message: "Not enough SMS segments: the limit is reached", reason: outcome.reason }, { status: 400 });
  return json({ data: { conversation: outcome.conversation, message: outcome.message } }, { status });
}

/** The paging of a request, with this page size when the caller gives none. */
export function pagingOf(request: Request, defaultPageSize: number) {
  const query = readQuery(request);
  const nested = (query.paging ?? query.pagingSettings ?? query) as Record<string, unknown>;
  return { query, paging: readPaging({ pageSize: defaultPageSize, ...nested }) };
}
