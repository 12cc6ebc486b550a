import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ChecklistFillPage } from "~/components/checklist-fill-form";
import { checklistFillAction, checklistFillLoader } from "~/routes/_app+/__checklist-fill.server";
import { withOfflineChange } from "~/http/offline-change.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.checklists.job);
  return checklistFillLoader(access, { jobId: pathRecordId(params.id) }, params.checklistId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.checklists.job);
  return withOfflineChange(request, access, () =>
    checklistFillAction(request, access, { jobId: pathRecordId(params.id) }, params.checklistId),
  );
}

/** Fill in a job's checklist: every item type, photos and a signature; saved back to the job. */
export default function JobChecklistRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ChecklistFillPage {...data} posted={posted} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.checklist.name ?? "Checklist"} | Fieldwise` },
];
