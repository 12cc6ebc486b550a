import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { CardSection } from "~/components/card-section";
import { PlainTextareaField, PlainTextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { CopyLinkField, SettingCheckbox, SettingsForm } from "~/components/settings-form";
import { absoluteUrl } from "~/http/app-url.server";
import { unknownIntent } from "~/http/forms.server";
import { portalSignInPath } from "~/models/portal/sessions.server";
import {
  portalSettingsMessages,
  portalSettingsSchema,
  WELCOME_MESSAGE_MAX,
  type PortalSettings,
} from "~/models/portal/settings.schema";
import { getPortalSettings, savePortalSettings } from "~/models/portal/settings.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { fieldErrors } from "~/utils/validation";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const PAGE = "/customer-portal";
const FORM_ID = "portal-settings";

/** What customers may do, in the order the form lists them. */
const PERMISSIONS = [
  { name: "canSeeVisits", label: "See their upcoming and past visits" },
  { name: "canApproveEstimates", label: "Approve or decline estimates" },
  { name: "canPayInvoices", label: "Pay invoices online" },
  { name: "canRequestWork", label: "Request new work" },
  { name: "canManageCards", label: "Save and remove payment cards" },
] as const satisfies ReadonlyArray<{ name: keyof PortalSettings; label: string }>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.customerPortal);
  const settings = await getPortalSettings(ctx.companyId);
  return json({
    settings,
    signInUrl: absoluteUrl(portalSignInPath(ctx.companyId)),
    businessName: company.businessName,
    hasLogo: !!company.logoUrl,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customerPortal);
  const form = await request.formData();
  if (form.get("intent") !== "save") return unknownIntent();
  const values = Object.fromEntries(
    [...form.entries()].filter(([key]) => key !== "intent").map(([key, value]) => [key, String(value)]),
  );
  const input = portalSettingsSchema.safeParse(values);
  if (!input.success) return json({ errors: fieldErrors(input.error), values }, { status: 400 });
  await savePortalSettings(ctx, input.data);
  return toasts().redirectWithSuccess(PAGE, portalSettingsMessages.saved);
}

type Posted = { errors: Record<string, string>; values: Record<string, string> } | undefined;

/** The customer portal's settings: on or off, what customers may do there, its look and its address. */
export default function CustomerPortalRoute() {
  const { settings, signInUrl, businessName, hasLogo } = useLoaderData<typeof loader>();
  const posted = useActionData<Posted>();
  const errors = posted?.errors ?? {};
  const values = posted?.values;
  const checked = (name: keyof PortalSettings) => (values ? values[name] === "on" : !!settings[name]);
  const id = (name: string) => `${FORM_ID}-${name}`;
  /** A text setting's field: its id, name, shown value and error. */
  const at = (name: "accentColor" | "welcomeMessage") => ({
    id: id(name),
    name,
    defaultValue: values ? (values[name] ?? "") : (settings[name] ?? ""),
    error: errors[name],
  });
  return (
    <>
      <PageHeader title="Customer portal" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <p className="muted">
        A place on the web where your customers see their visits, estimates and invoices, sign in with a link sent to
        their email or phone, and need no password.
      </p>
      <SettingsForm id={FORM_ID} label="Customer portal settings" errors={errors}>
        <CardSection titleId="portal-on-title" title="Portal">
          <SettingCheckbox id={id("isEnabled")} name="isEnabled" defaultChecked={checked("isEnabled")}>
            The customer portal is on: customers can sign in
          </SettingCheckbox>
          <SignInLink url={signInUrl} isEnabled={settings.isEnabled} />
        </CardSection>

        <CardSection titleId="portal-permissions-title" title="What customers can do">
          <fieldset className="field">
            <legend className="label">In the portal, customers can</legend>
            {PERMISSIONS.map((p) => (
              <SettingCheckbox key={p.name} id={id(p.name)} name={p.name} defaultChecked={checked(p.name)}>
                {p.label}
              </SettingCheckbox>
            ))}
          </fieldset>
          <p className="muted">Customers always see their estimates, invoices and service plans.</p>
        </CardSection>

        <CardSection titleId="portal-look-title" title="Look">
          <p className="muted">
            The portal shows {businessName}&apos;s name and {hasLogo ? "logo" : "logo once you add one"} from the{" "}
            <a href="/company-profile">company profile</a>.
          </p>
          <PlainTextField
            {...at("accentColor")}
            label="Accent colour"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={7}
            hint="A colour for buttons and links, such as #1a73e8. Leave it empty for the standard look."
          >
            {settings.accentColor ? (
              <span
                className="swatch-dot"
                style={{ background: settings.accentColor }}
                title={`Saved colour ${settings.accentColor}`}
                aria-hidden="true"
              />
            ) : null}
          </PlainTextField>
          <PlainTextareaField
            {...at("welcomeMessage")}
            label="Welcome message"
            rows={3}
            maxLength={WELCOME_MESSAGE_MAX}
            hint="A short greeting on the portal's first page."
          />
        </CardSection>
      </SettingsForm>
    </>
  );
}

/** The address to share: customers type their email or phone there and get a sign-in link. */
function SignInLink({ url, isEnabled }: { url: string; isEnabled: boolean }) {
  return (
    <CopyLinkField
      id="portal-sign-in-link"
      hintId="portal-link-hint"
      label="Sign-in address"
      url={url}
      hint={
        isEnabled
          ? "Put this address on your website and in emails: customers type their email or phone there and get a sign-in link. Messages can also carry a link with {{customer_portal_link}}."
          : "The portal is off: this address answers 'not found' until you turn it on and save."
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Customer portal | Fieldwise" }];
