import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ToggleForm } from "~/components/toggle-form";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PageHeader } from "~/components/page-header";
import { unknownIntent } from "~/http/forms.server";
import { getTwoWayTextSettings, setTwoWayTextEnabled } from "~/models/text-messaging/accounts.server";
import {
  NumberVerification,
  PENDING_STATES,
  RegistrationState,
  nextStep,
  twoWayTextEnabledSchema,
} from "~/models/text-messaging/registration.schema";
import { TWILIO_NOT_CONFIGURED, refreshRegistration } from "~/models/text-messaging/registration.server";
import { RuleError } from "~/models/rules";
import { twilioSettings } from "~/services/texts.server";
import { toasts } from "~/sessions.server";
import employeeStyles from "~/styles/employees.css";
import settingsStyles from "~/styles/settings.css";
import { formatPhone } from "~/utils/validation";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: settingsStyles },
  { rel: "stylesheet", href: employeeStyles },
];

const HERE = "/two-way-text-settings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.twoWayTextSettings);
  const settings = await getTwoWayTextSettings(ctx);
  return json({
    registrationState: settings.registrationState,
    numberVerification: settings.numberVerification,
    failureReason: settings.failureReason,
    smsSegmentsBalance: settings.smsSegmentsBalance,
    messagingPhoneNumber: settings.messagingPhoneNumber,
    twoWayTextEnabled: settings.twoWayTextEnabled,
    twilioConfigured: !!twilioSettings(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.twoWayTextSettings);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "enabled") {
    const parsed = twoWayTextEnabledSchema.safeParse({ enabled: formData.get("enabled") });
    if (!parsed.success) return json({ message: "Choose whether two-way text is on or off" }, { status: 400 });
    await setTwoWayTextEnabled(ctx, parsed.data.enabled);
    return toasts().redirectWithSuccess(
      HERE,
      parsed.data.enabled ? "Two-way text was turned on" : "Two-way text was turned off",
    );
  }
  if (intent !== "refresh") unknownIntent();
  try {
    const state = await refreshRegistration(ctx.companyId);
    return toasts().redirectWithSuccess(HERE, `Registration status: ${RegistrationState.labels[state]}`);
  } catch (error) {
    if (error instanceof RuleError) return toasts().redirectWithError(HERE, error.message);
    throw error;
  }
}

/** The company's two-way text: its carrier registration, its number, its segment balance and the on/off setting. */
export default function TwoWayTextSettingsRoute() {
  const page = useLoaderData<typeof loader>();
  const state = page.registrationState;
  const waiting = PENDING_STATES.includes(state);
  return (
    <>
      <PageHeader title="Two-way text" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <p className="muted">Text with your customers from one inbox, from a number of your own.</p>
      <div className="stack">
        {page.twilioConfigured ? null : <p className="alert alert-warning">{TWILIO_NOT_CONFIGURED}</p>}
        <div className="grid-2">
          <section className="card stack" aria-labelledby="registration-heading">
            <h2 id="registration-heading">Carrier registration</h2>
            <dl className="facts">
              <dt>Status</dt>
              <dd data-testid="registration-state">{RegistrationState.labels[state]}</dd>
              <dt>Next</dt>
              <dd>{nextStep[state]}</dd>
            </dl>
            {page.failureReason ? (
              <p className="alert alert-warning" role="status">
                Reason: {page.failureReason}
              </p>
            ) : null}
            <div className="row">
              {state !== RegistrationState.values.FullySetUp ? (
                <Link className="button button-primary" to="/two-way-text-settings/register">
                  {state === RegistrationState.values.WaitingToPurchasePhoneNumber
                    ? "Choose Your Number"
                    : "Registration"}
                </Link>
              ) : null}
              {waiting && page.twilioConfigured ? (
                <Form method="post">
                  <button type="submit" name="intent" value="refresh" className="button">
                    Check Status
                  </button>
                </Form>
              ) : null}
            </div>
          </section>
          <section className="card stack" aria-labelledby="number-heading">
            <h2 id="number-heading">Your texting number</h2>
            <dl className="facts">
              <dt>Number</dt>
              <dd>{page.messagingPhoneNumber ? formatPhone(page.messagingPhoneNumber) : "None yet"}</dd>
              <dt>Number verification</dt>
              <dd>{NumberVerification.labels[page.numberVerification]}</dd>
              <dt>Text segments left</dt>
              <dd data-testid="segment-balance">{page.smsSegmentsBalance}</dd>
            </dl>
            <p className="muted">
              A text of up to 160 characters takes one segment; a longer one takes one per 153 characters.
            </p>
          </section>
        </div>
        <section className="card stack" aria-labelledby="enabled-heading">
          <h2 id="enabled-heading">Inbox</h2>
          <p>
            Two-way text is <strong>{page.twoWayTextEnabled ? "on" : "off"}</strong>
            {page.twoWayTextEnabled
              ? ": your team sees the inbox and replies to customers' texts."
              : ": the inbox and its icon are hidden from your team."}
          </p>
          <ToggleForm
            on={page.twoWayTextEnabled}
            intent="enabled"
            turnOn="Turn On Two-Way Text"
            turnOff="Turn Off Two-Way Text"
          />
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Two-way text | Fieldwise" }];
