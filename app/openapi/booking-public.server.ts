import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";
import { bookingSubmissionSchema } from "~/models/booking/booking.schema";
import { bookingFormParamsSchema, bookingPlaceParamsSchema } from "~/models/booking/booking-places.schema";
import { predictionsQuerySchema } from "~/models/company/places.schema";

const answer = z.object({
  questionId: z.number().int(),
  type: z
    .number()
    .int()
    .describe("text field 0, date 1, dropdown 2, checkbox 3, radio 4, text area 5, location 6, upload image 7"),
  label: z.string(),
  value: z.union([z.string(), z.array(z.string())]).nullable(),
});
const storedRequest = z.object({
  id: z.number().int(),
  submissionKey: z.string(),
  status: z.number().int().describe("0 new ... 5 converted to job (a form that creates jobs at once)"),
  serviceName: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  timezone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string(),
  unitNumber: z.string().nullable(),
  notes: z.string().nullable(),
  answers: z.array(answer),
  createdAt: z.string(),
});

registerCall({
  method: "post",
  path: "/booking-requests/public/{companyId}/send",
  tag: "Booking requests",
  summary:
    "Send a booking request from the company's public form (public). `answers` maps question ids to a string, or strings for checkboxes and photos (URLs from upload-question-image); `startTime` is an open window's start; `website` is the honeypot and must stay empty. 201 with the stored request; 200 with the same request when its `submissionKey` was sent before. Field errors: 400 {errors}, 'That time was just taken. Please choose another time.' on startTime when the window was booked meanwhile. Unknown company or form off: 404.",
  access: "anyone",
  params: z.object({ companyId: z.number().int() }),
  body: bookingSubmissionSchema,
  status: 201,
  response: z.object({ data: storedRequest }),
  rateLimited: true,
});
registerCall({
  method: "post",
  path: "/booking-requests/upload-question-image",
  tag: "Booking requests",
  summary:
    "Upload a photo for an upload-image question (public): jpeg, jpg, png, heic or heif checked by content, at most 10 MB ('The image file size cannot exceed 10 MB.'); stored for the company's staff. The company comes as `companyId` in the query or the form. Answers {data: {imageUrl}}, the value to send in `answers`.",
  access: "anyone",
  multipart: z.object({ file: z.string(), companyId: z.number().int().optional() }),
  status: 201,
  response: z.object({ data: z.object({ imageUrl: z.string() }) }),
  rateLimited: true,
});

const placesAccess =
  "anyone, for an enabled booking form (its address in the path); 60 calls per 10 minutes from one address";
registerCall({
  method: "get",
  path: "/booking-requests/public/{formUrl}/places/predictions",
  tag: "Booking requests",
  summary:
    "The public booking form's address suggestions in the US and Canada for typed text (3 to 200 characters after trimming; otherwise an empty list), as /places/predictions answers them. enabled is false without a maps key: the address is then plain text. Unknown form or form off: 404.",
  access: placesAccess,
  params: bookingFormParamsSchema,
  query: predictionsQuerySchema,
  response: z.object({
    enabled: z.boolean(),
    predictions: z.array(z.object({ description: z.string(), placeId: z.string() })),
  }),
  rateLimited: true,
});
registerCall({
  method: "get",
  path: "/booking-requests/public/{formUrl}/places/{placeId}",
  tag: "Booking requests",
  summary:
    "The public booking form's chosen suggestion: its formatted address, coordinates (sent as latitude and longitude with the booking, for the service-area check) and unit number. 404 for an unknown form or form off, an unknown place, or without a maps key.",
  access: placesAccess,
  params: bookingPlaceParamsSchema,
  response: z.object({
    location: z.string(),
    geoData: z.object({ placeId: z.string().optional(), latitude: z.number(), longitude: z.number() }),
    unitNumber: z.string().nullable(),
  }),
  rateLimited: true,
});
