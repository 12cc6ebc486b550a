import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { removeSavedCard, savedCardsFormSchema, sendAddCardLink } from "~/models/payments/saved-cards.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";

/** What the saved-cards section's forms answer when refused (the page shows it under the form). */
export type SavedCardsActionData = { cardErrors: { channel?: string; _global?: string } };

/**
 * The customer page's "savedCards" intent (forms work without JavaScript): send the add-card link by
 * text, email or both, or remove a saved card; Post/Redirect/Get with a toast, 400 with the message.
 */
export async function savedCardsIntent(ctx: CallerContext, customerId: number, form: FormData): Promise<Response> {
  const refused = (cardErrors: SavedCardsActionData["cardErrors"]) =>
    json<SavedCardsActionData>({ cardErrors }, { status: 400 });
  const parsed = savedCardsFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const channel = parsed.error.issues.find((i) => i.path[0] === "channel")?.message;
    return refused(channel ? { channel } : { _global: "Unknown card action" });
  }
  const here = `/customers/${customerId}`;
  if (parsed.data.cardAction === "remove") {
    const removed = await removeSavedCard(ctx, customerId, parsed.data.paymentMethodId).catch((error: unknown) => {
      if (error instanceof RuleError) return error;
      throw error;
    });
    if (removed instanceof RuleError) return refused({ _global: removed.message });
    if (!removed) return notFound();
    return toasts().redirectWithSuccess(here, removed);
  }
  const result = await sendAddCardLink(ctx, customerId, parsed.data.channel);
  if (!result) return notFound();
  if (!result.sent) return refused({ _global: result.error });
  return toasts().redirectWithSuccess(here, result.message);
}
