import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, methodNotAllowed, parseOr400, requireApiAccess, withRuleErrors } from "~/http/api.server";
import { employeeEditSchema } from "~/models/employees/employees.schema";
import { deleteEmployee, employeePhotoStep, getEmployee, updateEmployee } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadBody } from "~/http/uploads.server";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/employees/{id}: one employee with tags; another company's id answers 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  const { id } = paramsSchema.safeParse(params).data ?? apiNotFound();
  return json((await getEmployee(ctx, id)) ?? apiNotFound());
}

/** PUT /api/employees/{id} (multipart or JSON) updates; DELETE removes the employee (soft delete). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.employees.list);
  const { id } = paramsSchema.safeParse(params).data ?? apiNotFound();
  if (request.method === "PUT") {
    const refused = (message: string): Response => json({ errors: { logo: message } }, { status: 400 });
    return withUploadBody(request, uploadRules.image, refused, async (body) => {
      const input = parseOr400(employeeEditSchema(company.country), body);
      return withRuleErrors(async () => {
        const photo = employeePhotoStep(ctx, body.logo);
        return json({
          id: (await updateEmployee(ctx, id, input, { country: company.country, photo })) ?? apiNotFound(),
        });
      });
    });
  }
  if (request.method === "DELETE")
    return withRuleErrors(async () => json({ id: (await deleteEmployee(ctx, id)) ?? apiNotFound() }));
  return methodNotAllowed();
}
