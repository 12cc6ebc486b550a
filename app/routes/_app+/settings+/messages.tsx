import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { FormError, SubmitButton, TextareaField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { messagesSchema } from "~/models/company/company.schema";
import { getCompanySettings, updateInvoiceAndEstimateMessages } from "~/models/company/company.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const FORM_ID = "messages";
const validator = withZod(messagesSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.messages);
  const { messageOnInvoice, messageOnEstimate } = await getCompanySettings(ctx);
  return json({ messageOnInvoice: messageOnInvoice ?? "", messageOnEstimate: messageOnEstimate ?? "" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.messages);
  const formData = await request.formData();
  if (formData.get("intent") !== "save") unknownIntent();
  return submitForm(formData, validator, FORM_ID, async (input) => {
    await updateInvoiceAndEstimateMessages(ctx, input);
    return toasts().redirectWithSuccess("/settings/messages", "Messages were saved successfully!");
  });
}

export default function InvoiceEstimateMessagesRoute() {
  const defaults = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Messages on Invoices and Estimates" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <ValidatedForm id={FORM_ID} validator={validator} method="post" defaultValues={defaults} className="card stack">
        <input type="hidden" name="intent" value="save" />
        <FormError formId={FORM_ID} />
        <TextareaField
          name="messageOnInvoice"
          label="Message on Invoice"
          hint="Printed at the bottom of every invoice, e.g. payment terms or a thank-you note."
          maxLength={2000}
          rows={5}
        />
        <TextareaField
          name="messageOnEstimate"
          label="Message on Estimate"
          hint="Printed at the bottom of every estimate, e.g. how long the price is valid."
          maxLength={2000}
          rows={5}
        />
        <div className="form-actions">
          <SubmitButton formId={FORM_ID}>Save</SubmitButton>
        </div>
      </ValidatedForm>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Messages on Invoices and Estimates | Settings | Fieldwise" }];
