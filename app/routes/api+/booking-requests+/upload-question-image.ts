import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, methodNotAllowed, optionalApiAccess, recordIdParam } from "~/http/api.server";
import { withUploadForm } from "~/http/uploads.server";
import { screens } from "~/access/route-table";
import { publicFormOfCompany, storeBookingPhoto } from "~/models/booking/submission.server";
import { imageMessages } from "~/models/files/file-rules";
import { uploadRules } from "~/models/files/upload-rules.server";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { clientAddress, consumeAttempt, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/**
 * POST /api/booking-requests/upload-question-image?companyId= (public; multipart `file`, or
 * `companyId` as a form field) → 201 {data: {imageUrl}}: the photo of an upload-image answer, checked
 * by content (jpeg, jpg, png, heic, heif; at most 10 MB while it streams) and kept for the company's
 * staff only. Its URL is then the answer's value in the send call.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.onlineBooking);
  if (request.method !== "POST") return methodNotAllowed();
  // A company named in the query is checked before the body is read.
  const queryCompany = new URL(request.url).searchParams.get("companyId");
  const queried = queryCompany === null ? null : await publicFormOfCompany(recordIdParam(queryCompany));
  if (queryCompany !== null && !queried) return apiNotFound();
  return withUploadForm(request, uploadRules.image, refused, async (form) => {
    const booking = queried ?? (await publicFormOfCompany(recordIdParam(String(form.get("companyId") ?? ""))));
    if (!booking) return apiNotFound();
    try {
      await consumeAttempt("bookingRequest", {
        account: `form-${booking.company.id}`,
        address: clientAddress(context),
      });
    } catch (error) {
      if (error instanceof RateLimited) return tooManyAttempts(error);
      throw error;
    }
    const file = form.get("file");
    if (!isFileChosen(file)) return refused(imageMessages.failed);
    try {
      return json({ data: { imageUrl: await storeBookingPhoto(booking.company.id, file) } }, { status: 201 });
    } catch (error) {
      if (error instanceof ImageUploadError) return refused(error.message);
      throw error;
    }
  });
}
