import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { companyProfileSchema } from "~/models/company/company.schema";
import { getCompanyProfile, updateCompanyProfile } from "~/models/company/company.server";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadBody } from "~/http/uploads.server";

/** GET /api/company: the profile, with currency, phone region and time zone offset. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.companyProfile);
  return json({ data: await getCompanyProfile(ctx) });
}

/** PUT /api/company (multipart or JSON): the profile fields, and optionally `logo`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.companyProfile);
  if (request.method !== "PUT") return methodNotAllowed();
  const refused = (message: string): Response => json({ errors: { logo: message } }, { status: 400 });
  return withUploadBody(request, uploadRules.logo, refused, async (body) => {
    const input = parseOr400(companyProfileSchema(body.country === "CA" ? "CA" : "US"), body);
    try {
      return json({
        data: await updateCompanyProfile(ctx, input, isFileChosen(body.logo as File) ? (body.logo as File) : null),
      });
    } catch (error) {
      if (error instanceof ImageUploadError) return refused(error.message);
      throw error;
    }
  });
}
