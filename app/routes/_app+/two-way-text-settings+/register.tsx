import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAccess, type Access } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { FieldError, PlainTextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { RuleError } from "~/models/rules";
import { getTwoWayTextSettings, saveDraftProfile } from "~/models/text-messaging/accounts.server";
import {
  RegistrationState,
  SUBMITTABLE_STATES,
  buyPhoneNumberSchema,
  nextStep,
  phoneNumberSearchSchema,
} from "~/models/text-messaging/registration.schema";
import {
  TWILIO_NOT_CONFIGURED,
  buyPhoneNumber,
  listAvailableNumbers,
  submitRegistration,
} from "~/models/text-messaging/registration.server";
import type { AvailableNumber } from "~/services/twilio-registration.server";
import { twilioSettings } from "~/services/texts.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { fieldErrors, formatPhone } from "~/utils/validation";
import { DRAFT_FORM_ID, DraftProfileForm, draftProfileValidator } from "./__draft-profile-form";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const SETTINGS = "/two-way-text-settings";
const HERE = "/two-way-text-settings/register";

/** The numbers on offer once the registration is approved (an area code narrows them). */
async function numbersOnOffer(ctx: Access["ctx"], url: URL) {
  const search = phoneNumberSearchSchema.safeParse({ areaCode: url.searchParams.get("areaCode") ?? undefined });
  const areaCode = url.searchParams.get("areaCode") ?? "";
  const none: AvailableNumber[] = [];
  if (!search.success) return { areaCode, numbers: none, error: fieldErrors(search.error).areaCode };
  try {
    return { areaCode, numbers: await listAvailableNumbers(ctx, search.data.areaCode), error: undefined };
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return { areaCode, numbers: none, error: error.message };
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.twoWayTextSettings);
  const settings = await getTwoWayTextSettings(ctx);
  const twilioConfigured = !!twilioSettings();
  const choosing =
    twilioConfigured && settings.registrationState === RegistrationState.values.WaitingToPurchasePhoneNumber;
  return json({
    registrationState: settings.registrationState,
    failureReason: settings.failureReason,
    draftProfile: {
      country: settings.country,
      ...settings.draftProfile,
      contactPhone: formatPhone(settings.draftProfile.contactPhone),
    } as Record<string, string>,
    twilioConfigured,
    offer: choosing ? await numbersOnOffer(ctx, new URL(request.url)) : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.twoWayTextSettings);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "buy") return buy(ctx, formData);
  if (intent !== "save" && intent !== "submit") unknownIntent();
  return submitForm(formData, draftProfileValidator, DRAFT_FORM_ID, async (profile) => {
    await saveDraftProfile(ctx, profile);
    if (intent === "save") return toasts().redirectWithSuccess(HERE, "Your business profile was saved");
    const state = await submitRegistration(ctx);
    const failed = state === RegistrationState.values.BrandFailed || state === RegistrationState.values.CampaignFailed;
    return failed
      ? toasts().redirectWithError(SETTINGS, `The registration failed: ${RegistrationState.labels[state]}`)
      : toasts().redirectWithSuccess(SETTINGS, "Your registration was submitted");
  });
}

async function buy(ctx: Access["ctx"], formData: FormData) {
  const parsed = buyPhoneNumberSchema.safeParse({ phoneNumber: formData.get("phoneNumber") ?? undefined });
  if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, { status: 422 });
  try {
    const bought = await buyPhoneNumber(ctx, parsed.data.phoneNumber);
    return toasts().redirectWithSuccess(
      SETTINGS,
      `Your number was bought: ${RegistrationState.labels[bought.registrationState]}`,
    );
  } catch (error) {
    if (error instanceof RuleError) return json({ errors: error.fieldErrors }, { status: 422 });
    throw error;
  }
}

/** The carrier registration: the business profile, its submission, then choosing and buying the number. */
export default function TwoWayTextRegisterRoute() {
  const page = useLoaderData<typeof loader>();
  const state = page.registrationState;
  return (
    <>
      <PageHeader title="Two-way text registration" breadcrumb={{ label: "Two-way text", to: SETTINGS }} />
      <div className="stack">
        {page.twilioConfigured ? null : <p className="alert alert-warning">{TWILIO_NOT_CONFIGURED}</p>}
        <p className={`alert ${page.failureReason ? "alert-warning" : "alert-success"}`} role="status">
          <strong>{RegistrationState.labels[state]}.</strong> {nextStep[state]}
          {page.failureReason ? ` Reason: ${page.failureReason}` : null}
        </p>
        {page.offer ? <NumberPicker {...page.offer} /> : null}
        <DraftProfileForm
          defaults={page.draftProfile}
          canSubmit={page.twilioConfigured && SUBMITTABLE_STATES.includes(state)}
        />
      </div>
    </>
  );
}

/** Searching by area code is a plain GET form; buying posts the chosen number. */
function NumberPicker({ areaCode, numbers, error }: { areaCode: string; numbers: AvailableNumber[]; error?: string }) {
  const posted = useActionData<{ errors?: Record<string, string> }>();
  const busy = useNavigation().formData?.get("intent") === "buy";
  return (
    <section className="card stack" aria-labelledby="numbers-heading">
      <h2 id="numbers-heading">Choose your number</h2>
      <Form method="get" className="row">
        <PlainTextField
          id="area-code"
          name="areaCode"
          label="Area code"
          inputMode="numeric"
          maxLength={3}
          defaultValue={areaCode}
          error={error}
        />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <Form method="post" className="stack">
        <fieldset className="stack" aria-describedby={posted?.errors?.phoneNumber ? "phone-number-error" : undefined}>
          <legend>Available numbers</legend>
          {numbers.length === 0 ? <p className="empty">No numbers found in this area code</p> : null}
          {numbers.map((n) => (
            <label key={n.phoneNumber} className="checkbox">
              <input type="radio" name="phoneNumber" value={n.phoneNumber} required />
              {n.friendlyName} {n.locality ? `(${n.locality}, ${n.region})` : null}
            </label>
          ))}
          <FieldError id="phone-number-error" error={posted?.errors?.phoneNumber} />
        </fieldset>
        {posted?.errors?._global ? (
          <p className="form-error" role="alert">
            {posted.errors._global}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" name="intent" value="buy" className="button button-primary" disabled={busy}>
            Buy This Number
          </button>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Two-way text registration | Fieldwise" }];
