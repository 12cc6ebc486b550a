import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ToggleForm } from "~/components/toggle-form";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { getCompanyDetails, setCompanyMessaging, setTwoWayTextEnabled } from "~/models/admin/admin-panel.server";
import { AppFeature, hasAppFeature } from "~/access/features";
import { toasts } from "~/sessions.server";
import employeeStyles from "~/styles/employees.css";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { screens } from "~/access/route-table";
import { formatPhone, optionalPhoneField } from "~/utils/validation";
import { getMessagingAccountForAdmin, updateMessagingAccountByAdmin } from "~/models/text-messaging/accounts.server";
import { NumberVerification, RegistrationState, adminAccountSchema } from "~/models/text-messaging/registration.schema";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

const MESSAGING_FORM_ID = "messaging-form";
/** The company's Twilio number (US or Canada, stored in E.164) and whether its texts may go out. */
const messagingSchema = z
  .object({
    messagingPhoneNumber: optionalPhoneField("US"),
    messagingReady: z.preprocess((v) => v === "true" || v === "on", z.boolean()),
  })
  .superRefine((value, ctx) => {
    if (value.messagingReady && !value.messagingPhoneNumber)
      ctx.addIssue({
        code: "custom",
        path: ["messagingPhoneNumber"],
        message: "Messaging phone number is required before messaging is ready",
      });
  });
const messagingValidator = withZod(messagingSchema);
const ACCOUNT_FORM_ID = "messaging-account-form";
const accountValidator = withZod(adminAccountSchema);
const stateOptions = RegistrationState.all.map((value) => ({
  value,
  label: `${value} ${RegistrationState.labels[value]}`,
}));
const verificationOptions = NumberVerification.all.map((value) => ({ value, label: NumberVerification.labels[value] }));

const companyId = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : notFound());

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.adminPanel.companyTwilio);
  const company = await getCompanyDetails(ctx, companyId(params));
  if (!company) notFound();
  const account = await getMessagingAccountForAdmin(ctx, company.id);
  return json({
    account,
    company: {
      id: company.id,
      businessName: company.businessName,
      businessPhoneNumber: company.businessPhoneNumber,
      messagingPhoneNumber: company.messagingPhoneNumber,
      messagingReady: company.messagingReady,
      twoWayTextEnabled: company.twoWayTextEnabled,
      twoWayTextFeature: hasAppFeature(company.featureFlags, AppFeature.TwoWayText),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.adminPanel.companyTwilio);
  const id = companyId(params);
  const formData = await request.formData();
  const here = `/admin-panel/company-twilio-details/${id}`;
  if (formData.get("intent") === "messaging")
    return submitForm(formData, messagingValidator, MESSAGING_FORM_ID, async (input) => {
      const saved = await setCompanyMessaging(access.ctx, id, {
        messagingPhoneNumber: input.messagingPhoneNumber ?? null,
        messagingReady: input.messagingReady,
      });
      if (!saved) notFound();
      return toasts().redirectWithSuccess(here, "Messaging settings were saved");
    });
  if (formData.get("intent") === "account")
    return submitForm(formData, accountValidator, ACCOUNT_FORM_ID, async (input) => {
      if (!(await updateMessagingAccountByAdmin(access.ctx, id, input))) notFound();
      return toasts().redirectWithSuccess(here, "Messaging account was saved");
    });
  if (formData.get("intent") !== "two-way-text") unknownIntent();
  const enabled = formData.get("enabled") === "true";
  if (!(await setTwoWayTextEnabled(access.ctx, id, enabled))) notFound();
  return toasts().redirectWithSuccess(
    `/admin-panel/company-twilio-details/${id}`,
    enabled ? "Two-way text was enabled" : "Two-way text was disabled",
  );
}

export default function CompanyTwilioDetailsRoute() {
  const { company, account } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title={`${company.businessName}: Twilio`}
        breadcrumb={{ label: company.businessName, to: `/admin-panel/company-details/${company.id}` }}
      />
      <section className="card stack" aria-labelledby="twilio-state">
        <h2 id="twilio-state">Text messaging</h2>
        <dl className="facts">
          <dt>Messaging ready</dt>
          <dd>{company.messagingReady ? "Yes" : "No"}</dd>
          <dt>Messaging phone number</dt>
          <dd>{company.messagingPhoneNumber ? formatPhone(company.messagingPhoneNumber) : "None"}</dd>
          <dt>Business phone</dt>
          <dd>{company.businessPhoneNumber ?? "None"}</dd>
          <dt>Two-way text feature</dt>
          <dd>{company.twoWayTextFeature ? "On" : "Off (turn it on under Application features)"}</dd>
          <dt>Two-way text enabled</dt>
          <dd>{company.twoWayTextEnabled ? "Yes" : "No"}</dd>
        </dl>
        {company.messagingReady ? null : (
          <p className="alert alert-warning">
            Messaging is not set up for this company: its text messages are kept in the outbox and not sent.
            Registration details (brand, campaign, phone numbers) are shown on the company&apos;s two-way text settings
            once it registers.
          </p>
        )}
        <ValidatedForm
          id={MESSAGING_FORM_ID}
          validator={messagingValidator}
          method="post"
          className="form"
          aria-labelledby="messaging-settings"
          defaultValues={{
            messagingPhoneNumber: company.messagingPhoneNumber ? formatPhone(company.messagingPhoneNumber) : "",
            messagingReady: company.messagingReady,
          }}
        >
          <h3 id="messaging-settings">Messaging settings</h3>
          <input type="hidden" name="intent" value="messaging" />
          <FormError />
          <TextField
            name="messagingPhoneNumber"
            label="Messaging phone number"
            type="tel"
            autoComplete="off"
            hint="The company's Twilio number (US or Canada): texts go out from it, replies and STOP come back to it."
          />
          <CheckboxField
            name="messagingReady"
            label="Messaging is ready (texts are sent)"
            value="true"
            hint="Until then the company's texts are kept unsent and its users see a notice."
          />
          <div className="row">
            <SubmitButton>Save Messaging Settings</SubmitButton>
          </div>
        </ValidatedForm>
        <ToggleForm
          on={company.twoWayTextEnabled}
          intent="two-way-text"
          turnOn="Enable Two-Way Text"
          turnOff="Disable Two-Way Text"
        />
      </section>
      <MessagingAccount account={account} />
    </>
  );
}

type LoadedAccount = ReturnType<typeof useLoaderData<typeof loader>>["account"];

/** The company's two-way text account: its carrier registration, Twilio's ids and its segment balance. */
function MessagingAccount({ account }: { account: LoadedAccount }) {
  return (
    <section className="card stack" aria-labelledby="account-heading">
      <h2 id="account-heading">Two-way text account</h2>
      <dl className="facts">
        <dt>Registration state</dt>
        <dd>{RegistrationState.labels[account.registrationState]}</dd>
        <dt>Number verification</dt>
        <dd>{NumberVerification.labels[account.numberVerification]}</dd>
        <dt>Segment balance</dt>
        <dd>
          {account.smsSegmentsBalance}
          {account.segmentLimitReached ? " (limit reached)" : ""}
        </dd>
        <dt>Failure reason</dt>
        <dd>{account.failureReason ?? "None"}</dd>
        <dt>Draft profile</dt>
        <dd>{account.hasDraftProfile ? "Saved" : "None"}</dd>
        <dt>Customer profile</dt>
        <dd>{account.customerProfileSid ?? "None"}</dd>
        <dt>Brand</dt>
        <dd>{account.brandSid ?? "None"}</dd>
        <dt>Messaging service</dt>
        <dd>{account.messagingServiceSid ?? "None"}</dd>
        <dt>Campaign</dt>
        <dd>{account.campaignSid ?? "None"}</dd>
        <dt>Phone number</dt>
        <dd>{account.phoneNumberSid ?? "None"}</dd>
      </dl>
      <ValidatedForm
        id={ACCOUNT_FORM_ID}
        validator={accountValidator}
        method="post"
        className="form"
        aria-labelledby="account-settings"
        defaultValues={{
          registrationState: account.registrationState,
          numberVerification: account.numberVerification,
          smsSegmentsBalance: account.smsSegmentsBalance,
        }}
      >
        <h3 id="account-settings">Correct the account</h3>
        <input type="hidden" name="intent" value="account" />
        <FormError />
        <SelectField name="registrationState" label="Registration state" options={stateOptions} />
        <SelectField name="numberVerification" label="Number verification" options={verificationOptions} />
        <TextField name="smsSegmentsBalance" label="Segment balance" inputMode="numeric" />
        <div className="row">
          <SubmitButton>Save Messaging Account</SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Twilio Details | Admin Panel | Fieldwise" }];
