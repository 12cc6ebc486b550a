import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EstimateForm } from "~/components/estimate-form";
import { EditDocumentPage } from "~/components/document-page";
import { notFound, requireAccess } from "~/access/access.server";
import { getEstimate, updateEstimate } from "~/models/estimates/estimates.server";
import {
  estimateFormAction,
  estimateFormOptions,
  estimateFormValues,
  invalidEstimateForm,
  parseEstimateUpdate,
  type EstimateFormValues,
} from "~/routes/_app+/estimates+/__estimate-form.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.estimates.edit);
  const estimate = await getEstimate(ctx, Number(params.id));
  if (!estimate) notFound();
  const options = await estimateFormOptions(ctx, estimate.customerId);
  return json({
    ...options,
    id: estimate.id,
    title: estimate.name ?? `Estimate #${estimate.number}`,
    customer: { id: estimate.customerId, name: estimate.customerName },
    values: estimateFormValues(estimate),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.estimates.edit);
  const id = Number(params.id);
  return estimateFormAction(ctx, request, async (values) => {
    const parsed = parseEstimateUpdate(values);
    if (!parsed.ok) return invalidEstimateForm(values, parsed.errors);
    if (!(await updateEstimate(ctx, id, parsed.input))) notFound();
    return toasts().redirectWithSuccess(`/estimates/${id}`, "Estimate was saved successfully!");
  });
}

/** Edit an estimate's details, options and their lines, money, tags and notes (the visit is on /estimates/{id}/schedule). */
export default function EditEstimateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<EstimateFormValues>>();
  const to = `/estimates/${data.id}`;
  return (
    <EditDocumentPage title={data.title} to={to}>
      <EstimateForm
        {...data}
        loaded={data.values}
        posted={posted}
        withSchedule={false}
        submitLabel="Save"
        cancelTo={to}
      />
    </EditDocumentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.title ?? "Estimate"} | Fieldwise` },
];
