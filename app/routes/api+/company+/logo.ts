import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { removeCompanyLogo, setCompanyLogo } from "~/models/company/company.server";
import { imageMessages } from "~/models/files/file-rules";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

const refused = (message: string): Response => json({ errors: { logo: message } }, { status: 400 });

/** PATCH /api/company/logo (multipart `logo`) → {data: {logoUrl}}; DELETE /api/company/logo removes it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.companyProfile);
  if (request.method === "DELETE") {
    await removeCompanyLogo(ctx);
    return json({ data: { logoUrl: null } });
  }
  if (request.method !== "PATCH") return methodNotAllowed();
  return withUploadForm(request, uploadRules.logo, refused, async (form) => {
    const file = form.get("logo") ?? form.get("file");
    if (!isFileChosen(file)) return refused(imageMessages.logoHint);
    try {
      return json({ data: { logoUrl: await setCompanyLogo(ctx, file) } });
    } catch (error) {
      if (error instanceof ImageUploadError) return refused(error.message);
      throw error;
    }
  });
}
