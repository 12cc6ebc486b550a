import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { removeCompanyLogo, setCompanyLogo } from "~/models/company.server";
import { MANAGER_ROLES } from "~/models/roles";
import { ImageUploadError, isFileChosen, uploadMessages } from "~/services/images.server";

/** PATCH /api/company/logo (multipart `logo`) → {data: {logoUrl}}; DELETE /api/company/logo removes it. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method === "DELETE") {
    await removeCompanyLogo(ctx);
    return json({ data: { logoUrl: null } });
  }
  if (request.method !== "PATCH") return json({ message: "Method not allowed" }, { status: 405 });
  const form = await request.formData().catch(() => null);
  const file = form?.get("logo") ?? form?.get("file");
  if (!isFileChosen(file)) return json({ errors: { logo: uploadMessages.logoHint } }, { status: 400 });
  try {
    return json({ data: { logoUrl: await setCompanyLogo(ctx, file) } });
  } catch (error) {
    if (error instanceof ImageUploadError) return json({ errors: { logo: error.message } }, { status: 400 });
    throw error;
  }
}
