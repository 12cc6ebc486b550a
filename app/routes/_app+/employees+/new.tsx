import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { EmployeeForm } from "~/components/employee-form";
import { Modal } from "~/components/modal";
import { requireAccess } from "~/access/access.server";
import { photoFrom, withEmployeePost } from "~/routes/_app+/employees+/__employee-form.server";
import { EMPLOYEE_FORM_ID, employeeCreateSchema } from "~/models/employees/employees.schema";
import { submitForm } from "~/http/forms.server";
import { canCreateEmployee, createEmployee } from "~/models/employees/employees.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { toasts } from "~/sessions.server";
import { screens } from "~/access/route-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.employees.new);
  const [tagOptions, limit] = await Promise.all([
    listTags(ctx, TagType.Employee),
    canCreateEmployee(ctx, company.employeeLimit),
  ]);
  return json({ tagOptions, limit, country: company.country });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.employees.new);
  return withEmployeePost(request, async (formData) => {
    const validator = withZod(employeeCreateSchema(access.company.country));
    return submitForm(formData, validator, EMPLOYEE_FORM_ID, async (input) => {
      await createEmployee(access.ctx, input, {
        employeeLimit: access.company.employeeLimit,
        country: access.company.country,
        photo: photoFrom(access, formData),
      });
      return toasts().redirectWithSuccess(
        `/employees${new URL(request.url).search}`,
        "Employee was created successfully!",
      );
    });
  });
}

export default function NewEmployeeRoute() {
  const { tagOptions, limit, country } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = `/employees${search}`;
  return (
    <Modal title="Add Employee" closeTo={closeTo}>
      {limit.canCreate ? (
        <EmployeeForm mode="create" country={country} defaults={{}} tagOptions={tagOptions} cancelTo={closeTo} />
      ) : (
        <p className="alert alert-warning">{limit.message}</p>
      )}
    </Modal>
  );
}

export const meta: MetaFunction = () => [{ title: "Add Employee | Fieldwise" }];
