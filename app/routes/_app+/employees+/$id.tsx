import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { EmployeeForm } from "~/components/employee-form";
import { Modal } from "~/components/modal";
import { notFound, requireAccess } from "~/access/access.server";
import { photoFrom, withEmployeePost } from "~/routes/_app+/employees+/__employee-form.server";
import { EMPLOYEE_FORM_ID, employeeEditSchema } from "~/models/employees/employees.schema";
import { deleteEmployee, getEmployee, updateEmployee } from "~/models/employees/employees.server";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { toasts } from "~/sessions.server";
import { deleteOrRefuse, submitForm, unknownIntent } from "~/http/forms.server";
import { formatPhone } from "~/utils/validation";
import { screens } from "~/access/route-table";

const employeeId = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : notFound());

/** Back to the list as it was (search, sort, page), without the delete dialog. */
function listUrl(request: Request) {
  const search = new URL(request.url).searchParams;
  search.delete("delete");
  search.delete("index");
  return `/employees${search.size ? `?${search}` : ""}`;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.employees.details);
  const [employee, tagOptions] = await Promise.all([
    getEmployee(ctx, employeeId(params)),
    listTags(ctx, TagType.Employee),
  ]);
  if (!employee) notFound();
  const fixedRole =
    employee.role === Role.SuperAdmin
      ? { value: employee.role, reason: "A super admin's role is not changed here." }
      : employee.id === ctx.userId
        ? { value: employee.role, reason: "You cannot change your own role." }
        : undefined;
  return json({ employee, tagOptions, country: company.country, fixedRole });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.employees.details);
  const id = employeeId(params);
  return withEmployeePost(request, async (formData) => {
    const intent = formData.get("intent");
    if (intent === "delete")
      return deleteOrRefuse(
        listUrl(request),
        () => deleteEmployee(access.ctx, id),
        "Employee was deleted successfully!",
      );
    if (intent !== null) unknownIntent();
    const validator = withZod(employeeEditSchema(access.company.country));
    return submitForm(formData, validator, EMPLOYEE_FORM_ID, async (input) => {
      const photo = photoFrom(access, formData);
      if (!(await updateEmployee(access.ctx, id, input, { country: access.company.country, photo }))) notFound();
      return toasts().redirectWithSuccess(listUrl(request), "Employee was updated successfully!");
    });
  });
}

export default function EditEmployeeRoute() {
  const { employee, tagOptions, country, fixedRole } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = `/employees${search}`;
  return (
    <Modal title="Edit Employee" subtitle={`${employee.firstName} ${employee.lastName}`} closeTo={closeTo}>
      <EmployeeForm
        mode="edit"
        country={country}
        defaults={{
          ...employee,
          mainPhoneNumber: formatPhone(employee.mainPhoneNumber),
          tags: employee.tags.map((t) => t.id),
        }}
        tagOptions={tagOptions}
        photoUrl={employee.logoUrl}
        fixedRole={fixedRole}
        cancelTo={closeTo}
      />
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Employee | Fieldwise" }];
