import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess } from "~/models/api.server";
import { companyProfileSchema } from "~/models/company.schema";
import { getCompanyProfile, updateCompanyProfile } from "~/models/company.server";
import { BROAD_ROLES, MANAGER_ROLES } from "~/models/roles";
import { ImageUploadError, isFileChosen } from "~/services/images.server";

/** GET /api/company: the profile, with currency, phone region and time zone offset. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: BROAD_ROLES });
  return json({ data: await getCompanyProfile(ctx) });
}

/** PUT /api/company (multipart or JSON): the profile fields, and optionally `logo`. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const body = (await readBody(request)) as Record<string, unknown>;
  const input = parseOr400(companyProfileSchema(body.country === "CA" ? "CA" : "US"), body);
  try {
    return json({ data: await updateCompanyProfile(ctx, input, isFileChosen(body.logo as File) ? (body.logo as File) : null) });
  } catch (error) {
    if (error instanceof ImageUploadError) return json({ errors: { logo: error.message } }, { status: 400 });
    throw error;
  }
}
