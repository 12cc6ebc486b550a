import { z } from "zod";
import { dataOf, registerCall } from "~/openapi/registry.server";
import {
  buyPhoneNumberSchema,
  draftProfileSchema,
  phoneNumberSearchSchema,
} from "~/models/text-messaging/registration.schema";

const managers =
  "company admin, super admin; needs the two-way text application feature. Without Twilio configured: 400 {message}";
const states =
  "registrationState: unknown 0, new request 1, brand creation not started 2, brand pending 3, brand approved 4, brand failed 5, campaign pending 6, campaign failed 7, waiting to purchase phone number 8, phone number bought (finalization pending) 9, fully set up 10";

registerCall({
  method: "post",
  path: "/text-messaging/a2p-draft-profile",
  tag: "Two-way text",
  summary:
    "Save the company's A2P draft profile (the business, its address and contact, the use case and two sample messages) for the carrier registration; a company that had not started becomes a new request (1)",
  access: managers,
  body: draftProfileSchema,
  response: dataOf(draftProfileSchema),
});
registerCall({
  method: "get",
  path: "/text-messaging/phone-numbers",
  tag: "Two-way text",
  summary: "Local numbers that can text, in the company's country, from Twilio; areaCode narrows them",
  access: managers,
  query: phoneNumberSearchSchema,
  response: dataOf(
    z.array(z.object({ phoneNumber: z.string(), friendlyName: z.string(), locality: z.string(), region: z.string() })),
  ),
});
registerCall({
  method: "post",
  path: "/text-messaging/phone-numbers",
  tag: "Two-way text",
  summary: `Buy a listed number once the registration waits for it (8): it joins the company's messaging service and becomes its texting number; fully set up (10) once Twilio reports it in service. A number of another company or no longer available is 400 {errors: {phoneNumber}}. ${states}`,
  access: managers,
  body: buyPhoneNumberSchema,
  response: dataOf(z.object({ phoneNumber: z.string(), registrationState: z.number().int() })),
});
