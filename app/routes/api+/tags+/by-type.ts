import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccessFor } from "~/http/api.server";
import { TagType, tagTypeQuerySchema, type TagTypeValue } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";

/** The form whose tag picker reads each type: its screen's entry is the rule (a field tech picks job and estimate tags). */
const PICKER_SCREEN: Record<TagTypeValue, string> = {
  [TagType.Customer]: "/customers/new",
  [TagType.Job]: "/jobs/new",
  [TagType.Estimate]: "/estimates/new",
  [TagType.Employee]: "/employees/new",
  [TagType.Invoice]: "/invoices",
};

/** GET /api/tags/by-type?type=0 → {data: [{id, label}]}, the lookup shape of the tag pickers; without a known type, the tags screen's rule. */
export async function loader({ request }: LoaderFunctionArgs) {
  const wanted = tagTypeQuerySchema.safeParse({ type: new URL(request.url).searchParams.get("type") ?? undefined });
  const { ctx } = await requireApiAccessFor(request, wanted.success ? PICKER_SCREEN[wanted.data.type] : "/settings/tags");
  const { type } = parseOr400(tagTypeQuerySchema, readQuery(request));
  return json({ data: await listTags(ctx, type) });
}
