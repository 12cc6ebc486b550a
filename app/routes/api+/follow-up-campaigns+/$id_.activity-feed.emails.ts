import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadActivityFeed } from "./__activity-feed.server";

/** GET /api/follow-up-campaigns/{id}/activity-feed/emails → {items, total}: the campaign's emails per recipient. */
export const loader = (args: LoaderFunctionArgs) => loadActivityFeed(args, "email");
