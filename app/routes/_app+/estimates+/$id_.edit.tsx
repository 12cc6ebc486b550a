import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EstimateForm } from "~/components/estimate-form";
import { PageHeader } from "~/components/page-header";
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

type ActionData = { values: EstimateFormValues; errors: Record<string, string> };

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
  const posted = useActionData<ActionData>();
  return (
    <>
      <PageHeader title={`Edit ${data.title}`} breadcrumb={{ label: data.title, to: `/estimates/${data.id}` }} />
      <EstimateForm
        {...data}
        loaded={data.values}
        posted={posted}
        withSchedule={false}
        submitLabel="Save"
        cancelTo={`/estimates/${data.id}`}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.title ?? "Estimate"} | Fieldwise` },
];
