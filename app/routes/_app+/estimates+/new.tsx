import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddCustomerLink, CustomerPicker } from "~/components/customer-picker";
import { EstimateForm } from "~/components/estimate-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { newDocumentData } from "~/routes/_app+/__customer-picker.server";
import { createEstimate } from "~/models/estimates/estimates.server";
import { isInactive } from "~/routes/_app+/jobs+/__job-form.server";
import {
  estimateFormAction,
  estimateFormOptions,
  invalidEstimateForm,
  parseEstimateCreate,
  type EstimateFormValues,
} from "~/routes/_app+/estimates+/__estimate-form.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

type ActionData = { values: EstimateFormValues; errors: Record<string, string> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.new);
  if (isInactive(access)) throw redirect("/estimates?dialog=limited");
  return json(await newDocumentData(access.ctx, request, estimateFormOptions));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.new);
  if (isInactive(access)) throw redirect("/estimates?dialog=limited");
  return estimateFormAction(access.ctx, request, async (values) => {
    const parsed = parseEstimateCreate(values, access.company.timezone);
    if (!parsed.ok) return invalidEstimateForm(values, parsed.errors);
    const { id, number } = await createEstimate(access.ctx, parsed.input);
    return toasts().redirectWithSuccess(`/estimates/${id}`, `Estimate #${number} was created successfully!`);
  });
}

/** New estimate: pick the customer (or come with ?customerId from their profile), then the estimate form. */
export default function NewEstimateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const header = <PageHeader title="New Estimate" breadcrumb={{ label: "Estimates", to: "/estimates" }} />;
  if (!data.customer) {
    return (
      <>
        {header}
        <CustomerPicker idPrefix="estimate" newPath="/estimates/new" q={data.q} matches={data.matches}>
          <AddCustomerLink />
        </CustomerPicker>
      </>
    );
  }
  return (
    <>
      {header}
      <EstimateForm
        {...data}
        customer={data.customer}
        posted={posted}
        withSchedule
        submitLabel="Create Estimate"
        cancelTo="/estimates"
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New Estimate | Fieldwise" }];
