import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { appUrl } from "~/http/app-url.server";
import { calendarFeed, FEED_TTL_SECONDS } from "~/models/calendar/calendar-feed.server";

/**
 * A user's visits as an iCalendar feed for Google, Apple and Outlook calendars. The token is the
 * only credential: an unknown or revoked one answers 404. Cached privately for a few minutes so a
 * change shows at the calendar's next poll.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.calendarFeed);
  const feed = await calendarFeed(params.token ?? "", appUrl());
  if (feed === null)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="visits.ics"',
      "Cache-Control": `private, max-age=${FEED_TTL_SECONDS}`,
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
