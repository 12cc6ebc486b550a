import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useCallback, useMemo, useState } from "react";
import { z } from "zod";
import { ContactFields, CustomerValidatedForm, NotesFields, PropertyFields } from "~/components/customer-form";
import { Modal } from "~/components/modal";
import { StepActions, Steps } from "~/components/steps";
import { requireAccess } from "~/access/access.server";
import { emptyCustomerForm, isDirty } from "~/models/customers/customer-form";
import { customerFormAction, type CustomerFormActionData } from "~/routes/_app+/customers+/__customer-form.server";
import { WIZARD_STEPS, wizardSchema } from "~/models/customers/customers.schema";
import { listLeadSources } from "~/models/company/lead-sources.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { maps } from "~/services/maps.server";
import { useHydrated } from "~/utils/use-hydrated";
import { screens } from "~/access/route-table";

const ENTITY = "Customer";

/** `?email=` opens the form with that email filled in and locked (the spec's isEmailDisabled), e.g. from a message or a request. */
const prefilledEmail = (url: URL) => {
  const parsed = z.string().trim().toLowerCase().email().max(255).safeParse(url.searchParams.get("email"));
  return parsed.success ? parsed.data : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.customers.new);
  const [tagOptions, sourceOptions] = await Promise.all([listTags(ctx, TagType.Customer), listLeadSources(ctx)]);
  return json({
    tagOptions,
    sourceOptions,
    country: company.country,
    placesEnabled: maps().enabled,
    prefilledEmail: prefilledEmail(new URL(request.url)),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.customers.new);
  return customerFormAction(request, access, {});
}

/** The Add Customer modal: 3 steps, each posted to the server; not closable. */
export default function AddCustomerRoute() {
  const { tagOptions, sourceOptions, country, placesEnabled, prefilledEmail } = useLoaderData<typeof loader>();
  const data = useActionData<CustomerFormActionData>();
  const hydrated = useHydrated();
  const step = data?.step ?? 0;
  const posted = data?.values ?? { ...emptyCustomerForm(), email: prefilledEmail ?? "" };
  // A prefilled email stays what it was, whatever comes back.
  const values = prefilledEmail ? { ...posted, email: prefilledEmail } : posted;
  const formId = data?.formId ?? "customer-form-0";
  const validator = useMemo(() => withZod(wizardSchema(country)), [country]);
  const [changed, setChanged] = useState(false);
  const [stepValid, setStepValid] = useState(true);
  const [duplicate, setDuplicate] = useState(false);
  const onDuplicate = useCallback((blocked: boolean) => setDuplicate(blocked), []);
  const dirty = changed || isDirty(values);
  // Without JavaScript the server decides; with it the forward button shows only for a changed, valid step.
  const canProceed = !hydrated || (dirty && stepValid && !duplicate);
  const isLast = step === WIZARD_STEPS.length - 1;

  async function recheck(form: HTMLFormElement) {
    setChanged(true);
    const formData = new FormData(form);
    formData.set("intent", "next");
    setStepValid(!(await validator.validate(formData)).error);
  }

  return (
    <Modal title="Add Customer">
      <Steps steps={WIZARD_STEPS} current={step} />
      <CustomerValidatedForm
        key={formId}
        formId={formId}
        validator={validator}
        values={values}
        rev={data?.rev ?? 0}
        visibleSteps={[step]}
        enterIntent={isLast ? "create" : "next"}
        className="stack"
        onChange={(e) => recheck(e.currentTarget)}
      >
        <input type="hidden" name="step" value={step} />
        {step === 0 ? (
          <ContactFields values={values} onDuplicate={onDuplicate} isEmailDisabled={!!prefilledEmail} />
        ) : null}
        {step === 1 ? <PropertyFields values={values} placesEnabled={placesEnabled} /> : null}
        {step === 2 ? <NotesFields values={values} tagOptions={tagOptions} sourceOptions={sourceOptions} /> : null}
        <StepActions
          step={step}
          lastStep={WIZARD_STEPS.length - 1}
          entityType={ENTITY}
          cancelTo="/customers"
          canProceed={canProceed}
          showBack={dirty}
        />
      </CustomerValidatedForm>
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Add Customer | Fieldwise" }];
