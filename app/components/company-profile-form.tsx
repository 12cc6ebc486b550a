import { Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import {
  CheckboxField,
  FormError,
  ImageField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  UnsavedChangesBar,
} from "~/components/form";
import { CardSection } from "~/components/card-section";
import { DayFieldLabel } from "~/components/day-field-label";
import { type ImageClientRules } from "~/components/image-upload-modal";
import { PlaceSearchField } from "~/components/place-search-field";
import { BUSINESS_TYPES, COUNTRIES, TEAM_SIZES } from "~/models/accounts/accounts.schema";
import {
  companyProfileSchema,
  currencyFor,
  FOLLOW_UP_OPTIONS,
  PROFILE_FORM_ID,
  TIMEZONES,
  WEEK_DAYS,
  type WorkingDay,
} from "~/models/company/company.schema";

const FORM = PROFILE_FORM_ID;
const industryOptions = BUSINESS_TYPES.map((label, value) => ({ value, label }));

export type ProfileDefaults = Record<string, unknown> & { country: string; workingSchedule: WorkingDay[] };

type ProfileFormProps = {
  defaults: ProfileDefaults;
  logoUrl: string | null;
  logoRules: ImageClientRules & { hint: string };
  timezoneOffset: string;
  placesEnabled?: boolean;
};

/** The company profile: one multipart form (the logo travels with the fields), working without JavaScript. */
export function CompanyProfileForm(props: ProfileFormProps) {
  // Reset (the unsaved-changes bar) remounts the form, its country choice included, with the stored
  // values; so does a save, which brings new stored values (the bar then has nothing left to offer).
  const [resets, setResets] = useState(0);
  return (
    <ProfileForm
      key={`${resets}:${JSON.stringify(props.defaults)}`}
      {...props}
      onReset={() => setResets((n) => n + 1)}
    />
  );
}

function ProfileForm({
  defaults,
  logoUrl,
  logoRules,
  timezoneOffset,
  placesEnabled = false,
  onReset,
}: ProfileFormProps & { onReset: () => void }) {
  const [country, setCountry] = useState<"US" | "CA">(defaults.country === "CA" ? "CA" : "US");
  const validator = useMemo(() => withZod(companyProfileSchema(country)), [country]);
  return (
    <ValidatedForm
      id={FORM}
      validator={validator}
      method="post"
      encType="multipart/form-data"
      defaultValues={defaults as never}
      className="stack"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      <FormError formId={FORM} />
      <CardSection titleId="business-title" title="Business">
        <div className="form-grid">
          <TextField name="businessName" label="Business Name" maxLength={255} autoComplete="organization" />
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <TextField
            name="businessPhoneNumber"
            label="Business Phone Number"
            type="tel"
            autoComplete="tel"
            hint={country === "CA" ? "A Canadian number" : "A US number"}
          />
          <TextField name="businessWebsite" label="Business Website" inputMode="url" placeholder="example.com" />
          {/* The profile stores the location's text only: the search suggests the address, without coordinates. */}
          <PlaceSearchField
            name="location"
            label="Location"
            className="span-2"
            maxLength={500}
            autoComplete="street-address"
            placesEnabled={placesEnabled}
          />
          <SelectField name="industry" label="Industry" options={industryOptions} placeholder="Choose your industry" />
          <SelectField name="companySize" label="Team Size" options={TEAM_SIZES} placeholder="Choose your team size" />
          <TextField name="licenseNumber" label="License Number" maxLength={100} />
        </div>
        <LogoField currentUrl={logoUrl} rules={logoRules} />
      </CardSection>
      <CardSection titleId="service-title" title="Service">
        <div className="form-grid">
          <TextField
            name="serviceAreaRadius"
            label="Service Area Radius (miles)"
            inputMode="numeric"
            hint="How far from your location you take work"
          />
          <SelectField
            name="followUpOption"
            label="Follow-up Option"
            options={FOLLOW_UP_OPTIONS}
            placeholder="How you follow up with new leads"
          />
          <TextareaField
            name="businessProfile"
            label="Business Profile"
            className="span-2"
            maxLength={2000}
            rows={4}
            hint="A short description of your business for customers"
          />
        </div>
      </CardSection>
      <CardSection titleId="region-title" title="Region">
        <div className="form-grid">
          <SelectField
            name="country"
            label="Country"
            options={COUNTRIES}
            onChange={(e) => setCountry(e.currentTarget.value === "CA" ? "CA" : "US")}
            hint={`Currency: ${currencyFor(country)}. Phone numbers: ${country === "CA" ? "Canada" : "United States"}.`}
          />
          <SelectField name="timezone" label="Time Zone" options={TIMEZONES} hint={`Now ${timezoneOffset}`} />
        </div>
      </CardSection>
      <CardSection titleId="schedule-title" title="Working Schedule">
        <fieldset className="work-days">
          <legend className="visually-hidden">Working days and hours</legend>
          {defaults.workingSchedule.map((day, index) => (
            <WorkDayRow key={day.day} index={index} day={day.day} />
          ))}
        </fieldset>
      </CardSection>
      <div className="form-actions">
        <SubmitButton formId={FORM} busyText="Saving...">
          Save
        </SubmitButton>
      </div>
      <UnsavedChangesBar formId={FORM} onReset={onReset} />
    </ValidatedForm>
  );
}

function LogoField({ currentUrl, rules }: { currentUrl: string | null; rules: ImageClientRules & { hint: string } }) {
  return (
    <div className="stack">
      <ImageField name="logo" label="Logo" currentUrl={currentUrl} hint={rules.hint} rules={rules} />
      {currentUrl ? (
        <div>
          <Link to="?confirm=removeLogo" preventScrollReset className="danger-link">
            Remove logo
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function WorkDayRow({ index, day }: { index: number; day: number }) {
  const base = `workingSchedule[${index}]`;
  const name = WEEK_DAYS[day];
  return (
    <div className="work-day">
      <input type="hidden" name={`${base}.day`} value={day} />
      <CheckboxField name={`${base}.isWorking`} label={name} />
      <TextField name={`${base}.start`} type="time" label={<DayFieldLabel day={name} label="Start" />} />
      <TextField name={`${base}.end`} type="time" label={<DayFieldLabel day={name} label="End" />} />
    </div>
  );
}
