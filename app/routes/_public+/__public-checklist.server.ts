import { json } from "@remix-run/node";
import {
  findPublicChecklist,
  publicChecklistView,
  type PublicChecklist,
  type PublicChecklistSegments,
} from "~/models/checklists/public-checklists.server";
import { DATE_LONG, formatInZone } from "~/utils/format";
import { NO_STORE } from "./__payment-page";

/** The checklist of a public path, or a 404 that no cache keeps (a mismatch of any segment is one). */
export async function requirePublicChecklist(segments: PublicChecklistSegments): Promise<PublicChecklist> {
  const checklist = await findPublicChecklist(segments);
  if (!checklist) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return checklist;
}

/** What the customer's pages show: the public view, with the completion date in the company's zone. */
export function publicChecklistPage(checklist: PublicChecklist) {
  return {
    ...publicChecklistView(checklist),
    completedOn: checklist.completedAt
      ? formatInZone(checklist.completedAt, checklist.company.timezone, DATE_LONG)
      : null,
  };
}
export type PublicChecklistPageView = ReturnType<typeof publicChecklistPage>;

/** A record's read-only checklist page (/jobs/public-checklist/..., /estimates/...): its view, never stored. */
export async function readOnlyChecklist(segments: PublicChecklistSegments) {
  const checklist = await requirePublicChecklist(segments);
  return json({ view: publicChecklistPage(checklist) }, { headers: NO_STORE });
}
