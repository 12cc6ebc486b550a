import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CheckboxField, CheckboxGroupField, FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { planFeatureLabels } from "~/access/features";
import { screens } from "~/access/route-table";
import { submitForm } from "~/http/forms.server";
import { dollarsInput } from "~/models/line-items/money";
import { BillingPeriod, billingPeriodLabels, planFormSchema, type PlanForm } from "~/models/billing/billing.schema";
import { allPlans, savePlan } from "~/models/billing/billing.server";
import { toasts } from "~/sessions.server";

const planValidator = withZod(planFormSchema);
const formIdOf = (id: number | string) => `plan-${id}`;
const featureOptions = Object.entries(planFeatureLabels).map(([value, label]) => ({ value: Number(value), label }));
const periodOptions = [BillingPeriod.Monthly, BillingPeriod.Yearly].map((value) => ({
  value,
  label: billingPeriodLabels[value],
}));

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess({ request, context }, screens.adminPanel.plans);
  return json({ plans: await allPlans() });
}

/** One plan saved; its subscribers get the new features and limit at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccess({ request, context }, screens.adminPanel.plans);
  const formData = await request.formData();
  return submitForm(formData, planValidator, formIdOf(String(formData.get("id") ?? "")), async (input) => {
    if (!(await savePlan(input))) notFound();
    return toasts().redirectWithSuccess("/admin-panel/plans", `Plan ${input.name} was saved.`);
  });
}

export default function PlansRoute() {
  const { plans } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Plans" breadcrumb={{ label: "Admin Panel", to: "/admin-panel" }} />
      <p>
        Plans and prices are data: the price ID is the Stripe price each plan is billed with. A plan that is not offered
        keeps its subscribers.
      </p>
      {plans.map((plan) => (
        <section key={plan.id} className="card stack" aria-labelledby={`${formIdOf(plan.id)}-title`}>
          <h2 id={`${formIdOf(plan.id)}-title`}>
            {plan.name} ({billingPeriodLabels[plan.billingPeriod]})
          </h2>
          <ValidatedForm
            id={formIdOf(plan.id)}
            validator={planValidator}
            method="post"
            className="form"
            // the form speaks dollars and strings; the schema's output is cents
            defaultValues={
              {
                id: plan.id,
                name: plan.name,
                priceId: plan.priceId,
                monthlyPrice: dollarsInput(plan.monthlyPriceCents),
                employeeLimit: plan.employeeLimit,
                billingPeriod: plan.billingPeriod,
                isActive: plan.isActive,
              } as unknown as Partial<PlanForm>
            }
          >
            <input type="hidden" name="id" value={plan.id} />
            <FormError />
            <TextField name="name" label="Name" formId={formIdOf(plan.id)} />
            <TextField name="priceId" label="Price ID" formId={formIdOf(plan.id)} />
            <TextField name="monthlyPrice" label="Price per month ($)" inputMode="decimal" formId={formIdOf(plan.id)} />
            <TextField name="employeeLimit" label="Employee limit" type="number" min={1} formId={formIdOf(plan.id)} />
            <SelectField
              name="billingPeriod"
              label="Billing period"
              options={periodOptions}
              formId={formIdOf(plan.id)}
            />
            <CheckboxField name="isActive" label="Offered on the billing page" formId={formIdOf(plan.id)} />
            <CheckboxGroupField
              name="features"
              label="Features"
              options={featureOptions}
              selected={plan.features}
              formId={formIdOf(plan.id)}
            />
            <div>
              <SubmitButton formId={formIdOf(plan.id)}>Save plan</SubmitButton>
            </div>
          </ValidatedForm>
        </section>
      ))}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Plans | Fieldwise" }];
