import { Link } from "@remix-run/react";
import { CardSection } from "~/components/card-section";
import { DayFieldLabel } from "~/components/day-field-label";
import { FieldError, PlainSelectField, PlainTextareaField, PlainTextField } from "~/components/form";
import { CopyLinkField, SettingCheckbox, SettingsForm } from "~/components/settings-form";
import {
  ANSWER_MAX,
  BUFFER_MINUTES,
  DURATION_MINUTES,
  LEAD_TIME_MAX,
  LeadTimeUnit,
} from "~/models/booking/booking.schema";
import type { BookingSettingsView } from "~/models/booking/booking-settings.server";
import { WEEK_DAYS } from "~/models/company/company.schema";
import { formatMoney, formatTimeText } from "~/utils/format";

/** The settings form's values as posted back after a refusal (strings, nested as the names say). */
export type PostedSettings = {
  errors: Record<string, string>;
  values: Record<string, unknown> & { workHours?: Array<Record<string, string>>; serviceIds?: string[] };
};

const hoursLabel = (minutes: number) => {
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
};
const DURATION_OPTIONS = DURATION_MINUTES.map((m) => ({ value: m, label: hoursLabel(m) }));
const BUFFER_OPTIONS = BUFFER_MINUTES.map((m) => ({
  value: m,
  label: m === 0 ? "None" : m < 60 ? `+${m} minutes` : `+${hoursLabel(m)}`,
}));
const LEAD_UNIT_OPTIONS = [
  { value: LeadTimeUnit.Hours, label: "Hours" },
  { value: LeadTimeUnit.Days, label: "Days" },
];
const QUARTERS = Array.from({ length: 24 * 4 + 1 }, (_, i) => i * 15);
const timeLabel = (minutes: number) => (minutes === 24 * 60 ? "12:00 am (midnight)" : formatTimeText(minutes));
const START_OPTIONS = QUARTERS.slice(0, -1).map((m) => ({ value: m, label: timeLabel(m) }));
const END_OPTIONS = QUARTERS.slice(1).map((m) => ({ value: m, label: timeLabel(m) }));
/** Monday first, as a work week reads. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const FORM_ID = "booking-settings";
/** A number field's input: digits on a phone's keyboard. */
const WHOLE_NUMBER = { type: "number", inputMode: "numeric" } as const;

type Service = { id: number; name: string; priceCents: number };

/**
 * The online booking settings: one plain form (works without JavaScript), each part its own card.
 * After a refusal the posted values come back in `posted` and win over the saved ones.
 */
export function BookingSettingsForm({
  settings,
  services,
  publicUrl,
  posted,
}: {
  settings: BookingSettingsView;
  services: readonly Service[];
  publicUrl: string;
  posted?: PostedSettings;
}) {
  const errors = posted?.errors ?? {};
  const values = posted?.values;
  const text = (name: keyof BookingSettingsView) =>
    values ? String(values[name] ?? "") : String(settings[name] ?? "");
  const checked = (name: "isEnabled") => (values ? values[name] === "on" : settings[name]);
  const needsApproval = values ? values.needsApproval === "true" : settings.needsApproval;
  const chosen = new Set(values ? values.serviceIds : settings.serviceIds.map(String));
  const id = (name: string) => `${FORM_ID}-${name}`;
  /** A setting's field: its id, name, shown value and error. */
  const at = (name: keyof BookingSettingsView & string) => ({
    id: id(name),
    name,
    defaultValue: text(name),
    error: errors[name],
  });
  return (
    <SettingsForm id={FORM_ID} label="Online booking settings" errors={errors}>
      <CardSection titleId="booking-address-title" title="Public address">
        <PlainTextField
          {...at("formUrl")}
          label="Form URL"
          autoCapitalize="none"
          spellCheck={false}
          hint="Lower-case letters, digits and hyphens: the last part of your form's link."
        />
        <FormLink url={publicUrl} isEnabled={settings.isEnabled} />
        <SettingCheckbox id={id("isEnabled")} name="isEnabled" defaultChecked={checked("isEnabled")}>
          Online booking is on: customers can send requests from the form
        </SettingCheckbox>
      </CardSection>

      <CardSection titleId="booking-approval-title" title="When a customer books">
        <fieldset className="field">
          <legend className="label">Approval</legend>
          <label className="checkbox">
            <input type="radio" name="needsApproval" value="true" defaultChecked={needsApproval} />
            Requests wait for approval
          </label>
          <label className="checkbox">
            <input type="radio" name="needsApproval" value="false" defaultChecked={!needsApproval} />
            Create a job at once
          </label>
        </fieldset>
      </CardSection>

      <CardSection titleId="booking-services-title" title="Services offered">
        {services.length === 0 ? (
          <p className="muted">
            Your price book has no services yet. <Link to="/price-book">Add services to the price book</Link>.
          </p>
        ) : (
          <fieldset className="field" aria-describedby={errors.serviceIds ? id("serviceIds-error") : undefined}>
            <legend className="label">Services customers can book</legend>
            {services.map((s) => (
              <label key={s.id} className="checkbox">
                <input type="checkbox" name="serviceIds" value={s.id} defaultChecked={chosen.has(String(s.id))} />
                {s.name} <span className="muted">{formatMoney(s.priceCents)}</span>
              </label>
            ))}
            <FieldError id={id("serviceIds-error")} error={errors.serviceIds} />
          </fieldset>
        )}
      </CardSection>

      <CardSection titleId="booking-timing-title" title="Visit and timing">
        <div className="form-grid">
          <PlainSelectField {...at("durationMinutes")} label="Visit duration" options={DURATION_OPTIONS} />
          <PlainSelectField {...at("bufferMinutes")} label="Time buffer after each visit" options={BUFFER_OPTIONS} />
          <PlainTextField
            {...at("leadTimeAmount")}
            {...WHOLE_NUMBER}
            label="Lead time"
            min={0}
            max={LEAD_TIME_MAX[LeadTimeUnit.Days]}
            hint={`How soon a visit can be booked: up to ${LEAD_TIME_MAX[LeadTimeUnit.Hours]} hours or ${LEAD_TIME_MAX[LeadTimeUnit.Days]} days ahead.`}
          />
          <PlainSelectField {...at("leadTimeUnit")} label="Lead time unit" options={LEAD_UNIT_OPTIONS} />
        </div>
      </CardSection>

      <CardSection titleId="booking-hours-title" title="Working hours">
        <p className="muted">The times customers can book, in your company&apos;s time zone.</p>
        {errors.workHours ? <FieldError error="Set the hours of all seven days" /> : null}
        <fieldset className="work-days">
          <legend className="visually-hidden">Booking days and hours</legend>
          {WEEK_ORDER.map((weekday) => (
            <WorkDayRow
              key={weekday}
              weekday={weekday}
              day={values?.workHours?.[weekday] ?? settings.workHours[weekday]!}
              isPosted={!!values}
              errors={errors}
            />
          ))}
        </fieldset>
      </CardSection>

      <CardSection titleId="booking-area-title" title="Service area">
        {settings.hasCompanyLocation ? null : (
          <p className="alert alert-warning">
            Your company has no address with map coordinates, so the radius cannot be checked yet and customers from
            anywhere can book. <Link to="/company-profile">Add the address on the company profile</Link>.
          </p>
        )}
        <PlainTextField
          {...at("serviceAreaRadius")}
          {...WHOLE_NUMBER}
          label="Service area radius (miles)"
          min={1}
          max={500}
          hint="Miles around your company address. Leave it empty to take bookings from any address."
        />
      </CardSection>

      <CardSection titleId="booking-intro-title" title="Introduction">
        <PlainTextareaField
          {...at("introText")}
          label="Introduction text"
          rows={4}
          maxLength={ANSWER_MAX}
          hint="Shown at the top of your form."
        />
      </CardSection>
    </SettingsForm>
  );
}

/** The full link to copy, the Open form link, and a Copy button once JavaScript runs. */
function FormLink({ url, isEnabled }: { url: string; isEnabled: boolean }) {
  return (
    <CopyLinkField
      id="booking-form-link"
      hintId="booking-link-hint"
      label="Form link"
      url={url}
      hint={
        isEnabled
          ? "Put this link on your website, in emails and on social media."
          : "Online booking is off: the link answers 'not found' until you turn it on and save."
      }
    >
      <a className="button" href={url} target="_blank" rel="noreferrer">
        Open form<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </CopyLinkField>
  );
}

function WorkDayRow({
  weekday,
  day,
  isPosted,
  errors,
}: {
  weekday: number;
  day: { isOpen?: boolean | string; startMinutes?: number | string; endMinutes?: number | string };
  isPosted: boolean;
  errors: Record<string, string>;
}) {
  const base = `workHours[${weekday}]`;
  const name = WEEK_DAYS[weekday];
  const id = `booking-day-${weekday}`;
  const isOpen = isPosted ? day.isOpen === "on" : day.isOpen === true;
  /** The day's start or end time: its id, name, shown value and error. */
  const time = (key: "startMinutes" | "endMinutes", suffix: string) => ({
    id: `${id}-${suffix}`,
    name: `${base}.${key}`,
    defaultValue: String(day[key] ?? ""),
    error: errors[`workHours.${weekday}.${key}`],
  });
  return (
    <div className="work-day">
      <input type="hidden" name={`${base}.weekday`} value={weekday} />
      <div className="field">
        <label className="checkbox" htmlFor={`${id}-open`}>
          <input type="checkbox" id={`${id}-open`} name={`${base}.isOpen`} defaultChecked={isOpen} />
          {name}
        </label>
      </div>
      <PlainSelectField
        {...time("startMinutes", "start")}
        label={<DayFieldLabel day={name} label="From" />}
        options={START_OPTIONS}
      />
      <PlainSelectField
        {...time("endMinutes", "end")}
        label={<DayFieldLabel day={name} label="To" />}
        options={END_OPTIONS}
      />
    </div>
  );
}
