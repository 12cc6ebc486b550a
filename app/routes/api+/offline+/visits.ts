import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { canOpen } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { offlinePages } from "~/models/offline/offline-visits.server";

/**
 * GET /api/offline/visits → {pages: [{url, data}]}: the pages the service worker keeps for reading
 * with no signal (the agenda of today and tomorrow, the caller's jobs and checklists of those days),
 * each with its Remix `_data` calls. Pages the caller may not open (a plan without checklists) are left out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireApiAccess({ request, context }, screens.schedule);
  const pages = await offlinePages(access.ctx, access.company.timezone);
  return json(
    { pages: pages.filter((p) => canOpen(access, new URL(p.url, "http://x").pathname)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireApiAccess({ request, context }, screens.schedule);
  return methodNotAllowed();
}
