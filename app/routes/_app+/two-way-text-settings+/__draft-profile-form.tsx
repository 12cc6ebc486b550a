import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { FormError, SelectField, SubmitButton, TextField, TextareaField } from "~/components/form";
import { BUSINESS_TYPES, INDUSTRIES, draftProfileSchema } from "~/models/text-messaging/registration.schema";

export const DRAFT_FORM_ID = "a2p-draft-profile";
export const draftProfileValidator = withZod(draftProfileSchema);

const businessTypeOptions = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));
const industryOptions = Object.entries(INDUSTRIES).map(([value, label]) => ({ value, label }));
const countryOptions = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
];

/**
 * The A2P draft profile: what the carriers review (the business, its contact, how it texts). Save
 * keeps it; Submit saves it and starts (or restarts) the registration.
 */
export function DraftProfileForm({ defaults, canSubmit }: { defaults: Record<string, string>; canSubmit: boolean }) {
  return (
    <ValidatedForm
      id={DRAFT_FORM_ID}
      validator={draftProfileValidator}
      method="post"
      className="form card stack"
      aria-labelledby="profile-heading"
      defaultValues={defaults}
    >
      <h2 id="profile-heading">Business profile</h2>
      <p className="muted">
        Carriers in the US and Canada review every business that texts customers from a local number. Use the details
        exactly as registered with the tax authority.
      </p>
      <FormError />
      <fieldset className="stack">
        <legend>Business</legend>
        <TextField name="businessName" label="Business legal name" autoComplete="organization" />
        <TextField
          name="registrationNumber"
          label="EIN or business registration number"
          inputMode="numeric"
          hint="Nine digits: the US EIN (12-3456789) or the Canadian business number."
        />
        <SelectField name="businessType" label="Business type" options={businessTypeOptions} placeholder="Choose" />
        <SelectField name="industry" label="Industry" options={industryOptions} placeholder="Choose" />
        <TextField name="website" label="Website" type="text" inputMode="url" autoComplete="url" />
      </fieldset>
      <fieldset className="stack">
        <legend>Address</legend>
        <TextField name="street" label="Street" autoComplete="address-line1" />
        <TextField name="city" label="City" autoComplete="address-level2" />
        <TextField name="region" label="State or province" autoComplete="address-level1" />
        <TextField name="zip" label="Postal code" autoComplete="postal-code" />
        <SelectField name="country" label="Country" options={countryOptions} />
      </fieldset>
      <fieldset className="stack">
        <legend>Contact person</legend>
        <TextField name="contactName" label="Contact name" autoComplete="name" />
        <TextField name="contactEmail" label="Contact email" type="email" autoComplete="email" />
        <TextField name="contactPhone" label="Contact phone" type="tel" autoComplete="tel" />
      </fieldset>
      <fieldset className="stack">
        <legend>How you text customers</legend>
        <TextareaField
          name="useCaseDescription"
          label="Use case description"
          rows={3}
          hint="What your texts are about, in 40 to 1024 characters."
        />
        <TextareaField name="sampleMessage1" label="Sample message 1" rows={2} />
        <TextareaField name="sampleMessage2" label="Sample message 2" rows={2} />
      </fieldset>
      <div className="row">
        <SubmitButton name="intent" value="save" className="button">
          Save Draft
        </SubmitButton>
        {canSubmit ? (
          <SubmitButton name="intent" value="submit" busyText="Submitting...">
            Submit for Registration
          </SubmitButton>
        ) : null}
      </div>
    </ValidatedForm>
  );
}
