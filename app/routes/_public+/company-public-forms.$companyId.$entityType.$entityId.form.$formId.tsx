import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { submitChecklistAnswers } from "~/http/checklist-answers.server";
import { assignedChecklist } from "~/models/checklists/assigned-checklists.server";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import type { HydrationHandle } from "~/utils/hydration";
import { ChecklistAnswers, PublicChecklistForm, PublicChecklistFrame } from "./__public-checklist";
import { publicChecklistPage, requirePublicChecklist } from "./__public-checklist.server";
import { NO_STORE } from "./__payment-page";

const ALREADY_COMPLETED = "This form was already completed: it can no longer be changed.";

const checklistOf = (params: LoaderFunctionArgs["params"]) =>
  requirePublicChecklist({
    companyId: params.companyId,
    entityType: params.entityType,
    recordId: params.entityId,
    token: params.formId,
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.publicForm);
  const checklist = await checklistOf(params);
  const thanks = new URL(request.url).searchParams.has("thanks") && checklist.completedAt !== null;
  return json({ view: publicChecklistPage(checklist), thanks }, { headers: NO_STORE });
}

/**
 * The customer's answers (multipart, read within the image limits while it streams): rate limited
 * per form and per address, saved as the customer's; a completed form takes no more answers.
 * Success shows the thank-you note (Post/Redirect/Get).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.publicForm);
  const found = await checklistOf(params);
  const page = publicChecklistPage(found);
  const answer = (status: number, errors: Record<string, string>, values: Record<string, string> = {}) =>
    json({ view: page, errors, values }, { status, headers: NO_STORE });
  if (found.completedAt) return answer(409, { _global: ALREADY_COMPLETED });
  try {
    await consumeAttempt("publicForm", { account: found.token, address: clientAddress(context) });
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return answer(429, { _global: error.message });
  }
  const checklist = await assignedChecklist(found.companyId, found.ref, found.id);
  if (!checklist) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  const result = await submitChecklistAnswers(request, {
    companyId: found.companyId,
    checklist,
    by: { customer: true },
  });
  if (result.status === "refused") return answer(413, { _global: result.message });
  if (result.status === "invalid") return answer(422, result.errors, result.values);
  return redirect(`${new URL(request.url).pathname}?thanks`, { status: 303, headers: NO_STORE });
}

/** The customer's form for a job's or an estimate's checklist: works without JavaScript; read-only once completed. */
export default function PublicFormRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const view = posted?.view ?? loaded.view;
  if (view.completed)
    return (
      <PublicChecklistFrame view={view}>
        {loaded.thanks ? (
          <p className="alert alert-success" role="status">
            Thank you! Your answers were sent to {view.company.businessName}.
          </p>
        ) : (
          <p className="alert alert-success">
            This form was completed on {view.completedOn}. It can no longer be changed.
          </p>
        )}
        <ChecklistAnswers view={view} />
      </PublicChecklistFrame>
    );
  return (
    <PublicChecklistFrame view={view}>
      <PublicChecklistForm view={view} posted={posted && { errors: posted.errors, values: posted.values }} />
    </PublicChecklistFrame>
  );
}

export const handle: HydrationHandle = { hydrate: false };

// The form holds the customer's answers: never kept by a cache or indexed.
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.view.name} | ${data.view.company.businessName}` : "Form" },
  { name: "robots", content: "noindex" },
];
