import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ChecklistFillPage } from "~/components/checklist-fill-form";
import { checklistFillAction, checklistFillLoader } from "~/routes/_app+/__checklist-fill.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.checklists.estimate);
  return checklistFillLoader(access, { estimateId: pathRecordId(params.id) }, params.checklistId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.checklists.estimate);
  return checklistFillAction(request, access, { estimateId: pathRecordId(params.id) }, params.checklistId);
}

/** Fill in an estimate's checklist: every item type, photos and a signature; saved back to the estimate. */
export default function EstimateChecklistRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ChecklistFillPage {...data} posted={posted} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.checklist.name ?? "Checklist"} | Fieldwise` },
];
