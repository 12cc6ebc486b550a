import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { screens } from "~/access/route-table";
import { apiAction, parseOr400, requireApiAccess, withRuleErrors } from "~/http/api.server";
import { buyPhoneNumberSchema, phoneNumberSearchSchema } from "~/models/text-messaging/registration.schema";
import { buyPhoneNumber, listAvailableNumbers } from "~/models/text-messaging/registration.server";

/** GET /api/text-messaging/phone-numbers?areaCode=415 → {data: [{phoneNumber, friendlyName, locality, region}]}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.twoWayTextSettings);
  const query = parseOr400(phoneNumberSearchSchema, {
    areaCode: new URL(request.url).searchParams.get("areaCode") ?? undefined,
  });
  return withRuleErrors(async () => json({ data: await listAvailableNumbers(ctx, query.areaCode) }));
}

/** POST /api/text-messaging/phone-numbers {phoneNumber} → {data: {phoneNumber, registrationState}}. */
export const action = apiAction(screens.twoWayTextSettings, {
  POST: async ({ ctx, body }) => {
    const { phoneNumber } = parseOr400(buyPhoneNumberSchema, await body());
    return json({ data: await buyPhoneNumber(ctx, phoneNumber) });
  },
});
