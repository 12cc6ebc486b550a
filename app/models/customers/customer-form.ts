import { MAX_EXTRA_ROWS } from "~/models/customers/customers.schema";
import type { CustomerDetails } from "~/models/customers/customers.server";

/**
 * The customer form's posted values as they travel between steps and re-renders: the raw
 * strings of the form (nested like addresses[0].location), never parsed further, so nothing
 * typed is lost when a step comes back with errors or one more row.
 */
export type CustomerFormAddress = {
  id?: string;
  location?: string;
  unitNumber?: string;
  notes?: string;
  geoData?: { placeId?: string; latitude?: string; longitude?: string };
};
export type CustomerFormValues = {
  step?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  additionalEmails: string[];
  mainPhoneNumber?: string;
  secondaryPhoneNumbers: string[];
  jobTitle?: string;
  ownCompanyName?: string;
  areTextMessagesAllowed: "true" | "false";
  addresses: CustomerFormAddress[];
  billingAddressIndex?: string;
  notes?: string;
  tagIds: string[];
  leadSourceIds: string[];
};

export const emptyCustomerForm = (): CustomerFormValues => ({
  additionalEmails: [],
  secondaryPhoneNumbers: [],
  areTextMessagesAllowed: "true",
  addresses: [{}],
  billingAddressIndex: "0",
  tagIds: [],
  leadSourceIds: [],
});

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const strList = (v: unknown) =>
  (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");

/**
 * Normalises a posted form (already nested) into form values. `textPreferencePosted` says the
 * checkbox was on the page: an unchecked box posts nothing, which then means false.
 */
export function toFormValues(raw: Record<string, unknown>, textPreferencePosted: boolean): CustomerFormValues {
  const addresses = (Array.isArray(raw.addresses) ? raw.addresses : []).map((a) => {
    const row = (a ?? {}) as Record<string, unknown>;
    const geo = (row.geoData ?? {}) as Record<string, unknown>;
    return {
      id: str(row.id),
      location: str(row.location),
      unitNumber: str(row.unitNumber),
      notes: str(row.notes),
      geoData: { placeId: str(geo.placeId), latitude: str(geo.latitude), longitude: str(geo.longitude) },
    };
  });
  const checked = raw.areTextMessagesAllowed;
  const allowed = textPreferencePosted ? checked === "on" || checked === "true" : checked !== "false";
  return {
    step: str(raw.step),
    email: str(raw.email),
    firstName: str(raw.firstName),
    lastName: str(raw.lastName),
    additionalEmails: strList(raw.additionalEmails),
    mainPhoneNumber: str(raw.mainPhoneNumber),
    secondaryPhoneNumbers: strList(raw.secondaryPhoneNumbers),
    jobTitle: str(raw.jobTitle),
    ownCompanyName: str(raw.ownCompanyName),
    areTextMessagesAllowed: allowed ? "true" : "false",
    addresses: addresses.length ? addresses : [{}],
    billingAddressIndex: str(raw.billingAddressIndex) ?? "0",
    notes: str(raw.notes),
    tagIds: strList(raw.tagIds),
    leadSourceIds: strList(raw.leadSourceIds),
  };
}

/** Add Email, Add Phone, Add Property and their remove buttons: one row more or less, the rest kept. Null for other intents. */
export function applyRowIntent(values: CustomerFormValues, intent: string): CustomerFormValues | null {
  const [action, indexText] = intent.split(":");
  const index = Number(indexText);
  const next = {
    ...values,
    additionalEmails: [...values.additionalEmails],
    secondaryPhoneNumbers: [...values.secondaryPhoneNumbers],
    addresses: [...values.addresses],
  };
  switch (action) {
    case "addEmail":
      if (next.additionalEmails.length < MAX_EXTRA_ROWS) next.additionalEmails.push("");
      return next;
    case "addPhone":
      if (next.secondaryPhoneNumbers.length < MAX_EXTRA_ROWS) next.secondaryPhoneNumbers.push("");
      return next;
    case "addProperty":
      if (next.addresses.length <= MAX_EXTRA_ROWS) next.addresses.push({});
      return next;
    case "removeEmail":
      next.additionalEmails.splice(index, 1);
      return next;
    case "removePhone":
      next.secondaryPhoneNumbers.splice(index, 1);
      return next;
    case "removeProperty": {
      next.addresses.splice(index, 1);
      if (!next.addresses.length) next.addresses.push({});
      const billing = Number(next.billingAddressIndex ?? 0);
      next.billingAddressIndex = String(billing === index ? 0 : billing > index ? billing - 1 : billing);
      return next;
    }
    default:
      return null;
  }
}

/** Form values from a stored customer (the edit form). */
export function formValuesFromCustomer(c: CustomerDetails): CustomerFormValues {
  const billing = c.addresses.findIndex((a) => a.isBilling);
  return {
    email: c.email ?? "",
    firstName: c.firstName,
    lastName: c.lastName ?? "",
    additionalEmails: c.additionalEmails,
    mainPhoneNumber: c.mainPhoneNumber ?? "",
    secondaryPhoneNumbers: c.secondaryPhoneNumbers,
    jobTitle: c.jobTitle ?? "",
    ownCompanyName: c.ownCompanyName ?? "",
    areTextMessagesAllowed: c.areTextMessagesAllowed ? "true" : "false",
    addresses: c.addresses.length
      ? c.addresses.map((a) => ({
          id: String(a.id),
          location: a.location,
          unitNumber: a.unitNumber ?? "",
          notes: a.notes ?? "",
          geoData: a.geoData
            ? {
                placeId: a.geoData.placeId,
                latitude: String(a.geoData.latitude),
                longitude: String(a.geoData.longitude),
              }
            : {},
        }))
      : [{}],
    billingAddressIndex: String(Math.max(billing, 0)),
    notes: c.notes ?? "",
    tagIds: c.tags.map((t) => String(t.id)),
    leadSourceIds: c.leadSources.map((s) => String(s.id)),
  };
}

/** Every value as name/value pairs, for the hidden inputs that carry the other steps along. */
export function hiddenFields(values: CustomerFormValues, visibleSteps: readonly number[]): [string, string][] {
  const out: [string, string][] = [];
  const put = (name: string, value: string | undefined) => value !== undefined && out.push([name, value]);
  if (!visibleSteps.includes(0)) {
    put("email", values.email);
    put("firstName", values.firstName);
    put("lastName", values.lastName);
    values.additionalEmails.forEach((v, i) => put(`additionalEmails[${i}]`, v));
    put("mainPhoneNumber", values.mainPhoneNumber);
    values.secondaryPhoneNumbers.forEach((v, i) => put(`secondaryPhoneNumbers[${i}]`, v));
    put("jobTitle", values.jobTitle);
    put("ownCompanyName", values.ownCompanyName);
    put("areTextMessagesAllowed", values.areTextMessagesAllowed);
  }
  if (!visibleSteps.includes(1)) {
    values.addresses.forEach((a, i) => {
      put(`addresses[${i}].location`, a.location ?? "");
      put(`addresses[${i}].unitNumber`, a.unitNumber);
      put(`addresses[${i}].notes`, a.notes);
    });
    put("billingAddressIndex", values.billingAddressIndex);
  }
  // Ids and coordinates are never typed: they always travel hidden. On the Property Info step
  // the place search field carries the coordinates itself (a pick changes them).
  values.addresses.forEach((a, i) => {
    put(`addresses[${i}].id`, a.id);
    if (visibleSteps.includes(1)) return;
    put(`addresses[${i}].geoData.placeId`, a.geoData?.placeId);
    put(`addresses[${i}].geoData.latitude`, a.geoData?.latitude);
    put(`addresses[${i}].geoData.longitude`, a.geoData?.longitude);
  });
  if (!visibleSteps.includes(2)) {
    put("notes", values.notes);
    values.tagIds.forEach((v) => put("tagIds", v));
    values.leadSourceIds.forEach((v) => put("leadSourceIds", v));
  }
  return out;
}

const filled = (v: unknown): boolean =>
  typeof v === "string"
    ? v.trim() !== ""
    : Array.isArray(v)
      ? v.some(filled)
      : v !== null && typeof v === "object"
        ? Object.values(v).some(filled)
        : false;

/** Whether anything was typed (the wizard offers Back and the forward button only then). */
export function isDirty(values: CustomerFormValues): boolean {
  const { step: _step, areTextMessagesAllowed, billingAddressIndex: _billing, ...rest } = values;
  return areTextMessagesAllowed === "false" || filled(rest);
}
