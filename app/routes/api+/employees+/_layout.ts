import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, parseOr400, requireApiAccess, withRuleErrors } from "~/http/api.server";
import { employeeCreateSchema } from "~/models/employees/employees.schema";
import { createEmployee, employeePhotoStep, listEmployees } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadBody } from "~/http/uploads.server";

/** GET /api/employees → {data: [employee]}: every employee of the company, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  return json({ data: await listEmployees(ctx) });
}

/** POST /api/employees (multipart or JSON): creates an employee within the plan's limit. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.employees.list);
  if (request.method !== "POST") return methodNotAllowed();
  const refused = (message: string): Response => json({ errors: { logo: message } }, { status: 400 });
  return withUploadBody(request, uploadRules.image, refused, async (body) => {
    const input = parseOr400(employeeCreateSchema(company.country), body);
    return withRuleErrors(async () => {
      const id = await createEmployee(ctx, input, {
        employeeLimit: company.employeeLimit,
        country: company.country,
        photo: employeePhotoStep(ctx, body.logo),
      });
      return json({ id }, { status: 201 });
    });
  });
}
