import { useEffect, useState, type FormEventHandler, type ReactNode } from "react";
import { ValidatedForm, type Validator } from "remix-validated-form";
import { CheckboxField, CheckboxGroupField, FieldError, FormError, TextareaField, TextField } from "~/components/form";
import { PlaceSearchField } from "~/components/place-search-field";
import type { CustomerFormValues } from "~/models/customers/customer-form";
import { hiddenFields } from "~/models/customers/customer-form";
import { MAX_EXTRA_ROWS } from "~/models/customers/customers.schema";
import { messages, normalizePhone } from "~/utils/validation";

type Option = { id: number; label: string };

function RowButton({ intent, children, label }: { intent: string; children: string; label?: string }) {
  return (
    <button type="submit" name="intent" value={intent} className="button-link" formNoValidate aria-label={label}>
      {children}
    </button>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The debounced (300 ms) duplicate check of the email or primary phone, asking the API. Runs
 * only once the value itself is valid, and at once for a prefilled value. Without JavaScript
 * the server makes the same check when the step is posted.
 */
export function useDuplicateCheck(kind: "email" | "phone", value: string, customerId?: number): string | null {
  const [takenBy, setTakenBy] = useState<string | null>(null);
  useEffect(() => {
    const trimmed = value.trim();
    const valid = kind === "email" ? EMAIL_PATTERN.test(trimmed) : !!normalizePhone(trimmed);
    if (!valid) {
      setTakenBy(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const url = kind === "email" ? "/api/customers/check-email" : "/api/customers/check-phone-number";
      const body = kind === "email" ? { email: trimmed, customerId } : { phoneNumber: trimmed, customerId };
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          credentials: "same-origin",
          signal: controller.signal,
        });
        if (!response.ok) return;
        const result = (await response.json()) as { isTaken: boolean; takenBy: string | null };
        setTakenBy(result.isTaken ? (result.takenBy ?? "") : null);
      } catch {
        // an aborted or failed check leaves the decision to the server
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, value, customerId]);
  if (takenBy === null) return null;
  return kind === "email" ? messages.emailTaken(takenBy) : messages.phoneTaken(takenBy);
}

/** A contact field checked for a customer who already has it (the message shows under it). */
function CheckedField({
  onValue,
  taken,
  ...field
}: {
  name: string;
  label: string;
  type: string;
  readOnly?: boolean;
  onValue: (value: string) => void;
  taken: string | null;
}) {
  return (
    <div>
      <TextField {...field} autoComplete="off" onChange={(e) => onValue(e.currentTarget.value)} />
      <FieldError error={taken} />
    </div>
  );
}

/** The extra emails or phones, each with its Remove button (intents removeEmail:i, removePhone:i). */
function ExtraRows({
  name,
  label,
  type,
  intent,
  count,
}: {
  name: string;
  label: string;
  type: string;
  intent: "Email" | "Phone";
  count: number;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div className="row" style={{ alignItems: "end" }} key={`${intent.toLowerCase()}-${i}`}>
          <TextField name={`${name}[${i}]`} label={label} type={type} className="spacer" />
          <RowButton intent={`remove${intent}:${i}`} label={`Remove ${label} ${i + 1}`}>
            Remove
          </RowButton>
        </div>
      ))}
    </>
  );
}

/** Step 1, Contact Info. `onDuplicate` learns whether a duplicate blocks going on. */
export function ContactFields({
  values,
  customerId,
  onDuplicate,
  isEmailDisabled = false,
}: {
  values: CustomerFormValues;
  customerId?: number;
  onDuplicate?: (blocked: boolean) => void;
  isEmailDisabled?: boolean;
}) {
  const [email, setEmail] = useState(values.email ?? "");
  const [phone, setPhone] = useState(values.mainPhoneNumber ?? "");
  const emailTaken = useDuplicateCheck("email", email, customerId);
  const phoneTaken = useDuplicateCheck("phone", phone, customerId);
  useEffect(() => onDuplicate?.(!!(emailTaken || phoneTaken)), [emailTaken, phoneTaken, onDuplicate]);
  return (
    <fieldset className="stack">
      <legend className="visually-hidden">Contact Info</legend>
      <div className="form-grid">
        <TextField name="firstName" label="First Name (required)" autoComplete="off" />
        <TextField name="lastName" label="Last Name" autoComplete="off" />
        {/* Read-only rather than disabled: a disabled field would not be posted with the step. */}
        <CheckedField
          name="email"
          label="Email"
          type="email"
          readOnly={isEmailDisabled}
          onValue={setEmail}
          taken={emailTaken}
        />
        <CheckedField name="mainPhoneNumber" label="Primary Phone" type="tel" onValue={setPhone} taken={phoneTaken} />
      </div>
      <ExtraRows
        name="additionalEmails"
        label="Secondary Email"
        type="email"
        intent="Email"
        count={values.additionalEmails.length}
      />
      <ExtraRows
        name="secondaryPhoneNumbers"
        label="Secondary Phone"
        type="tel"
        intent="Phone"
        count={values.secondaryPhoneNumbers.length}
      />
      <div className="row">
        {values.additionalEmails.length < MAX_EXTRA_ROWS ? <RowButton intent="addEmail">Add Email</RowButton> : null}
        {values.secondaryPhoneNumbers.length < MAX_EXTRA_ROWS ? (
          <RowButton intent="addPhone">Add Phone</RowButton>
        ) : null}
      </div>
      <div className="form-grid">
        <TextField name="jobTitle" label="Job Title" />
        <TextField name="ownCompanyName" label="Company" />
      </div>
      <CheckboxField name="areTextMessagesAllowed" value="true" label="Receive Automatic Text Notifications" />
    </fieldset>
  );
}

/** Step 2, Property Info: the properties and the billing choice (the first by default). */
export function PropertyFields({
  values,
  placesEnabled = false,
}: {
  values: CustomerFormValues;
  placesEnabled?: boolean;
}) {
  const billing = Number(values.billingAddressIndex ?? 0);
  return (
    <fieldset className="stack">
      <legend className="visually-hidden">Property Info</legend>
      {values.addresses.map((address, i) => (
        <section className="card stack" key={`address-${i}`} aria-label={`Property ${i + 1}`}>
          <PlaceSearchField
            name={`addresses[${i}].location`}
            label="Address"
            autoComplete="street-address"
            placeholder="Start typing"
            placesEnabled={placesEnabled}
            geoDataName={`addresses[${i}].geoData`}
            geoData={address.geoData}
            unitNumberName={`addresses[${i}].unitNumber`}
          />
          <div className="form-grid">
            <TextField name={`addresses[${i}].unitNumber`} label="Unit/Suite/Apt. Number" />
            <label className="checkbox">
              <input type="radio" name="billingAddressIndex" value={i} defaultChecked={i === billing} />
              Billing address
            </label>
          </div>
          <TextareaField name={`addresses[${i}].notes`} label="Property Notes" rows={2} />
          {values.addresses.length > 1 ? (
            <div>
              <RowButton intent={`removeProperty:${i}`} label={`Remove Property ${i + 1}`}>
                Remove property
              </RowButton>
            </div>
          ) : null}
        </section>
      ))}
      {values.addresses.length <= MAX_EXTRA_ROWS ? (
        <div>
          <RowButton intent="addProperty">Add Property</RowButton>
        </div>
      ) : null}
    </fieldset>
  );
}

/** Step 3, Notes: customer notes, tags and sources. */
export function NotesFields({
  values,
  tagOptions,
  sourceOptions,
}: {
  values: CustomerFormValues;
  tagOptions: Option[];
  sourceOptions: { id: number; name: string }[];
}) {
  return (
    <fieldset className="stack">
      <legend className="visually-hidden">Notes</legend>
      <TextareaField name="notes" label="Customer Notes" rows={4} />
      <CheckboxGroupField
        name="tagIds"
        label="Tags"
        options={tagOptions.map((t) => ({ value: t.id, label: t.label }))}
        selected={values.tagIds}
      />
      <CheckboxGroupField
        name="leadSourceIds"
        label="Sources"
        options={sourceOptions.map((s) => ({ value: s.id, label: s.name }))}
        selected={values.leadSourceIds}
      />
    </fieldset>
  );
}

/** The values of the steps not on screen, carried along as hidden inputs. */
export function HiddenCustomerFields({
  values,
  visibleSteps,
}: {
  values: CustomerFormValues;
  visibleSteps: readonly number[];
}) {
  return (
    <>
      {hiddenFields(values, visibleSteps).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The customer form around its fields (the add wizard and the edit page): one post with every
 * value, the steps not on screen carried hidden. Enter in a field posts `enterIntent`, not the
 * first row button.
 */
export function CustomerValidatedForm({
  formId,
  validator,
  values,
  rev,
  visibleSteps,
  enterIntent,
  className,
  onChange,
  children,
}: {
  formId: string;
  validator: Validator<Record<string, unknown>>;
  values: CustomerFormValues;
  rev: number;
  visibleSteps: readonly number[];
  enterIntent: string;
  className: string;
  onChange?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <ValidatedForm
      id={formId}
      validator={validator}
      method="post"
      defaultValues={{ ...values, step: undefined }}
      className={className}
      noValidate
      onChange={onChange}
    >
      <input type="hidden" name="rev" value={rev} />
      <HiddenCustomerFields values={values} visibleSteps={visibleSteps} />
      <button
        type="submit"
        name="intent"
        value={enterIntent}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <FormError formId={formId} />
      {children}
    </ValidatedForm>
  );
}
