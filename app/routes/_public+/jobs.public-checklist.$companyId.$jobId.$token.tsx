import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import type { HydrationHandle } from "~/utils/hydration";
import { ChecklistAnswers, PublicChecklistFrame } from "./__public-checklist";
import { publicChecklistPage, requirePublicChecklist } from "./__public-checklist.server";
import { NO_STORE } from "./__payment-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.publicChecklists.job);
  const checklist = await requirePublicChecklist({ ...params, entityType: "job", recordId: params.jobId });
  return json({ view: publicChecklistPage(checklist) }, { headers: NO_STORE });
}

/** A job's checklist as its customer reads it: the company, the job, each item's answer and photos. */
export default function JobPublicChecklistRoute() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <PublicChecklistFrame view={view}>
      <p className={view.completed ? "alert alert-success" : "alert alert-warning"}>
        {view.completedOn ? `Completed on ${view.completedOn}.` : "Not completed yet."}
      </p>
      <ChecklistAnswers view={view} />
    </PublicChecklistFrame>
  );
}

export const handle: HydrationHandle = { hydrate: false };

// The page holds the customer's answers: never kept by a cache or indexed.
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.view.name} | ${data.view.company.businessName}` : "Checklist" },
  { name: "robots", content: "noindex" },
];
