import { apiNotFound } from "~/http/api.server";
import { findPublicBookingForm, type PublicBookingForm } from "~/models/booking/booking-settings.server";
import { isFormUrl } from "~/routes/_public+/__booking-form.server";
import { clientAddress, spendAttempts } from "~/services/rate-limits.server";

/**
 * The enabled booking form a place search is asked for, once its attempt is counted (per address and
 * per form): throws 404 for an unknown or disabled form, 429 when a limit is spent.
 */
export async function formForPlaceSearch(formUrl: string | undefined, context: unknown): Promise<PublicBookingForm> {
  const form = isFormUrl(formUrl) ? await findPublicBookingForm(formUrl) : null;
  if (!form) return apiNotFound();
  const refused = await spendAttempts(["bookingPlaces"], {
    account: `form-${form.company.id}`,
    address: clientAddress(context),
  });
  if (refused) throw refused;
  return form;
}
