import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { CompanyProfileForm } from "~/components/company-profile-form";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { saveProfileFromForm, withProfilePost } from "~/routes/_app+/__company-profile-form.server";
import { getCompanyProfile, removeCompanyLogo } from "~/models/company/company.server";
import { imageMessages, LOGO_MAX_BYTES, LOGO_MIN_SIDE } from "~/models/files/file-rules";
import { maps } from "~/services/maps.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { unknownIntent } from "~/http/forms.server";
import { formatPhone } from "~/utils/validation";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

/** The browser's checks of the logo, from the server's rules (JPEG or PNG, 5 MB, 256x256); built in the loader, as server modules are empty in the browser. */
const logoClientRules = () => ({
  accept: ".jpg,.jpeg,.png,image/jpeg,image/png",
  mimeTypes: ["image/jpeg", "image/png"],
  maxBytes: LOGO_MAX_BYTES,
  tooLargeMessage: imageMessages.logoTooLarge,
  allowHeic: false,
  wrongTypeMessage: imageMessages.logoHint,
  minSide: { pixels: LOGO_MIN_SIDE, message: imageMessages.logoHint },
  hint: imageMessages.logoHint,
});

/** "UTC-05:00" for -300 minutes. */
function utcOffset(minutes: number) {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.companyProfile);
  const profile = await getCompanyProfile(ctx);
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  const defaults = {
    businessName: profile.businessName,
    email: text(profile.email),
    businessPhoneNumber: formatPhone(profile.businessPhoneNumber),
    location: text(profile.location),
    industry: text(profile.industry),
    companySize: text(profile.companySize),
    businessWebsite: text(profile.businessWebsite),
    serviceAreaRadius: text(profile.serviceAreaRadius),
    businessProfile: text(profile.businessProfile),
    licenseNumber: text(profile.licenseNumber),
    followUpOption: text(profile.followUpOption),
    country: profile.country,
    timezone: profile.timezone,
    workingSchedule: profile.workingSchedule,
  };
  return json({
    defaults,
    logoUrl: profile.logoUrl,
    currency: profile.currency,
    timezoneOffset: utcOffset(profile.timezoneOffset),
    logoRules: logoClientRules(),
    placesEnabled: maps().enabled,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.companyProfile);
  return withProfilePost(request, async (formData) => {
    const intent = formData.get("intent");
    if (intent === "removeLogo") {
      await removeCompanyLogo(ctx);
      return toasts().redirectWithSuccess("/company-profile", "Logo was removed");
    }
    if (intent !== "save") unknownIntent();
    return saveProfileFromForm(ctx, formData, () =>
      toasts().redirectWithSuccess("/company-profile", "Company profile was saved successfully!"),
    );
  });
}

export default function CompanyProfileRoute() {
  const { defaults, logoUrl, timezoneOffset, logoRules, placesEnabled } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  return (
    <>
      <PageHeader title="Company Profile" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <CompanyProfileForm
        defaults={defaults}
        logoUrl={logoUrl}
        logoRules={logoRules}
        timezoneOffset={timezoneOffset}
        placesEnabled={placesEnabled}
      />
      {search.get("confirm") === "removeLogo" && logoUrl ? (
        <ConfirmDialog title="Remove Logo" intent="removeLogo" confirmLabel="Remove" cancelTo="/company-profile">
          The logo will be removed from your profile, estimates, invoices and messages.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Company Profile | Fieldwise" }];
