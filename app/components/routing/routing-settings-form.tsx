import { Form } from "@remix-run/react";
import { CardSection } from "~/components/card-section";
import { PlainSelectField, PlainTextField } from "~/components/form";
import { ADDRESS_MAX, ROUTING_PRIORITIES } from "~/models/routing/routing.schema";

export type RoutingSettingsView = {
  isEnabled: boolean;
  priority: number;
  startAddress: string;
  endAddress: string;
  startLocated: boolean;
  endLocated: boolean;
};
export type PostedRoutingSettings = { errors: Record<string, string>; values: Record<string, unknown> };

const FORM_ID = "routing-settings";
const PRIORITY_OPTIONS = ROUTING_PRIORITIES.map((p) => ({ value: p.value, label: p.label }));

/** Routing settings (on/off, priority, where days start and end): a plain form, Save and Disable. */
export function RoutingSettingsForm({
  settings,
  posted,
}: {
  settings: RoutingSettingsView;
  posted?: PostedRoutingSettings;
}) {
  const errors = posted?.errors ?? {};
  const value = (name: "priority" | "startAddress" | "endAddress") =>
    String(posted ? (posted.values[name] ?? "") : settings[name]);
  const notFound = (address: string, located: boolean) =>
    address && !located ? "Not found on the map: drive times leave from the first visit." : undefined;
  return (
    <Form method="post" className="stack" id={FORM_ID} aria-label="Route optimisation settings" noValidate>
      <CardSection titleId={`${FORM_ID}-title`} title="Settings">
        <div className="field">
          <label className="checkbox" htmlFor={`${FORM_ID}-isEnabled`}>
            <input
              id={`${FORM_ID}-isEnabled`}
              type="checkbox"
              name="isEnabled"
              defaultChecked={posted ? posted.values.isEnabled === "on" : settings.isEnabled}
            />
            Plan my technicians&apos; routes
          </label>
        </div>
        <PlainSelectField
          id={`${FORM_ID}-priority`}
          name="priority"
          label="Priority"
          options={PRIORITY_OPTIONS}
          defaultValue={value("priority")}
          error={errors.priority}
        />
        <PlainTextField
          id={`${FORM_ID}-startAddress`}
          name="startAddress"
          label="Start address"
          maxLength={ADDRESS_MAX}
          autoComplete="street-address"
          defaultValue={value("startAddress")}
          error={errors.startAddress}
          hint={notFound(settings.startAddress, settings.startLocated) ?? "Empty: the company's address."}
        />
        <PlainTextField
          id={`${FORM_ID}-endAddress`}
          name="endAddress"
          label="End address"
          maxLength={ADDRESS_MAX}
          defaultValue={value("endAddress")}
          error={errors.endAddress}
          hint={notFound(settings.endAddress, settings.endLocated) ?? "Empty: back to the start address."}
        />
      </CardSection>
      <div className="form-actions">
        <button type="submit" className="button button-primary" name="intent" value="save">
          Save
        </button>
        {settings.isEnabled ? (
          <button type="submit" className="button" name="intent" value="disable">
            Disable
          </button>
        ) : null}
      </div>
    </Form>
  );
}
