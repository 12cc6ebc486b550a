import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewDocumentPage } from "~/components/document-page";
import { EstimateForm } from "~/components/estimate-form";
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
import { StartFromTemplate, TemplateFields } from "~/components/template-start";
import { TemplateType } from "~/models/templates/templates.schema";
import { templateStart } from "~/routes/_app+/templates+/__template-form.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.estimates.new);
  if (isInactive(access)) throw redirect("/estimates?dialog=limited");
  const start = await templateStart(access.ctx, request, TemplateType.Estimate);
  return json({ ...(await newDocumentData(access.ctx, request, estimateFormOptions)), ...start });
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
  const posted = useActionData<DocumentFormAnswer<EstimateFormValues>>();
  return (
    <NewDocumentPage
      noun="Estimate"
      path="/estimates"
      picker={data}
      addCustomer
      carry={data.templateChoice.template ? { templateId: String(data.templateChoice.template.id) } : undefined}
      form={(customer) => (
        <>
          <StartFromTemplate noun="estimate" customerId={customer.id} choice={data.templateChoice} />
          <EstimateForm
            key={data.templateChoice.template?.id ?? "blank"}
            {...data}
            customer={customer}
            posted={posted}
            extraFields={<TemplateFields choice={data.templateChoice} posted={posted} />}
            withSchedule
            submitLabel="Create Estimate"
            cancelTo="/estimates"
          />
        </>
      )}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "New Estimate | Fieldwise" }];
