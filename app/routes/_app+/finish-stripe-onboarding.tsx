import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PaymentsError, refreshPaymentAccount } from "~/models/payments/card-payments.server";
import { toasts } from "~/sessions.server";

/** Stripe's onboarding comes back here (the Account Link's return_url): read the account's state and go to My Money. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.stripeOnboarding.finish);
  try {
    const account = await refreshPaymentAccount(ctx.companyId);
    if (!account) return toasts().redirectWithError("/my-money", "No Stripe account is connected yet");
    return account.chargesEnabled
      ? toasts().redirectWithSuccess("/my-money", "Your Stripe account takes card payments")
      : toasts().redirectWithInfo("/my-money", "Stripe has your details; approval may take 3-5 business days");
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    return toasts().redirectWithError("/my-money", error.message);
  }
}
