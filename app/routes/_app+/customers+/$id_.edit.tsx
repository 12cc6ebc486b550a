import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo, useState } from "react";
import { ContactFields, CustomerValidatedForm, NotesFields, PropertyFields } from "~/components/customer-form";
import { SubmitButton, UnsavedChangesBar } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { formValuesFromCustomer } from "~/models/customers/customer-form";
import { customerFormAction, type CustomerFormActionData } from "~/routes/_app+/customers+/__customer-form.server";
import { displayName, wizardSchema } from "~/models/customers/customers.schema";
import { getCustomer } from "~/models/customers/customers.server";
import { listLeadSources } from "~/models/company/lead-sources.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { maps } from "~/services/maps.server";
import { screens } from "~/access/route-table";

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : notFound();
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.customers.edit);
  const customer = await getCustomer(ctx, idOf(params.id));
  if (!customer) return notFound();
  const [tagOptions, sourceOptions] = await Promise.all([listTags(ctx, TagType.Customer), listLeadSources(ctx)]);
  return json({
    id: customer.id,
    name: displayName(customer),
    values: formValuesFromCustomer(customer),
    tagOptions,
    sourceOptions,
    country: company.country,
    placesEnabled: maps().enabled,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.customers.edit);
  return customerFormAction(request, access, { customerId: idOf(params.id) });
}

/** Edit Customer: the three sections of the Add Customer form on one page. */
export default function EditCustomerRoute() {
  const {
    id,
    name,
    values: stored,
    tagOptions,
    sourceOptions,
    country,
    placesEnabled,
  } = useLoaderData<typeof loader>();
  const data = useActionData<CustomerFormActionData>();
  const values = data?.values ?? stored;
  const formId = data?.formId ?? "customer-form-0";
  const validator = useMemo(() => withZod(wizardSchema(country)), [country]);
  // Reset remounts the form with the values it was loaded with.
  const [resets, setResets] = useState(0);
  return (
    <>
      <PageHeader title={`Edit ${name}`} breadcrumb={{ label: name, to: `/customers/${id}` }} />
      <CustomerValidatedForm
        key={`${formId}-${resets}`}
        formId={formId}
        validator={validator}
        values={values}
        rev={data?.rev ?? 0}
        visibleSteps={[0, 1, 2]}
        enterIntent="save"
        className="card stack"
      >
        <h2>Contact Info</h2>
        <ContactFields values={values} customerId={id} />
        <h2>Property Info</h2>
        <PropertyFields values={values} placesEnabled={placesEnabled} />
        <h2>Notes</h2>
        <NotesFields values={values} tagOptions={tagOptions} sourceOptions={sourceOptions} />
        <div className="step-actions">
          <Link className="button" to={`/customers/${id}`}>
            Cancel
          </Link>
          <SubmitButton formId={formId} name="intent" value="save" busyText="Saving...">
            Save
          </SubmitButton>
        </div>
        <UnsavedChangesBar formId={formId} onReset={() => setResets((n) => n + 1)} saveName="intent" saveValue="save" />
      </CustomerValidatedForm>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.name ?? "Customer"} | Fieldwise` },
];
