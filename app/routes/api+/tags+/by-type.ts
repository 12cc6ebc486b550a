import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { screens, type RouteRule } from "~/access/route-table";
import { TagType, tagTypeQuerySchema, type TagTypeValue } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";

/** The form whose tag picker reads each type: its screen's entry is the rule (a field tech picks job and estimate tags). */
const PICKER_SCREEN: Record<TagTypeValue, RouteRule> = {
  [TagType.Customer]: screens.customers.new,
  [TagType.Job]: screens.jobs.new,
  [TagType.Estimate]: screens.estimates.new,
  [TagType.Employee]: screens.employees.new,
  [TagType.Invoice]: screens.invoices.list,
};

/** GET /api/tags/by-type?type=0 → {data: [{id, label}]}, the lookup shape of the tag pickers; without a known type, the tags screen's rule. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const wanted = tagTypeQuerySchema.safeParse({ type: new URL(request.url).searchParams.get("type") ?? undefined });
  const { ctx } = await requireApiAccess(
    { request, context },
    wanted.success ? PICKER_SCREEN[wanted.data.type] : screens.settings.tags,
  );
  const { type } = parseOr400(tagTypeQuerySchema, readQuery(request));
  return json({ data: await listTags(ctx, type) });
}
