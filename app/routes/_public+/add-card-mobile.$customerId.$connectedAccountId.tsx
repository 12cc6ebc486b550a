import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PaymentsError, startAddCard } from "~/models/payments/card-payments.server";
import { NO_STORE } from "./__payment-page";

/**
 * Save a card for later (the mobile app's link): /add-card-mobile/{customerId}/{connectedAccountId}
 * needs `?token=`, a signed, expiring token for that customer and account (addCardLink), so the
 * customer number in the path cannot be swapped for another. Valid: Stripe's page in setup mode.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.cards.addMobile);
  try {
    const url = await startAddCard(
      params.customerId ?? "",
      params.connectedAccountId ?? "",
      new URL(request.url).searchParams.get("token"),
    );
    return redirect(url, { status: 303, headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return redirect("/paymentMessage/card-link-invalid", { status: 303, headers: NO_STORE });
  }
}
