import { Link, useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { ValidatedForm } from "remix-validated-form";
import {
  CheckboxGroupField,
  ColorField,
  FormError,
  ImageField,
  NewPasswordField,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form";
import {
  EMPLOYEE_FORM_ID,
  employeeCreateSchema,
  employeeEditSchema,
  selectableRoleOptions,
} from "~/models/employees/employees.schema";
import { textColorOn } from "~/models/employees/palette";
import { roleLabels, type RoleValue } from "~/access/roles";

export type EmployeeFormDefaults = {
  email?: string;
  firstName?: string;
  lastName?: string;
  mainPhoneNumber?: string;
  role?: number;
  color?: string | null;
  tags?: number[];
};

type Props = {
  mode: "create" | "edit";
  country: "US" | "CA";
  defaults: EmployeeFormDefaults;
  tagOptions: { id: number; label: string }[];
  photoUrl?: string | null;
  /** Shown instead of the role choice when the role cannot be changed here (own role, super admin). */
  fixedRole?: { value: RoleValue; reason: string };
  cancelTo: string;
};

/** Create and edit an employee: a multipart form, so the photo is sent and processed on the server. */
export function EmployeeForm({ mode, country, defaults, tagOptions, photoUrl, fixedRole, cancelTo }: Props) {
  const validator = useMemo(
    () => withZod(mode === "create" ? employeeCreateSchema(country) : employeeEditSchema(country)),
    [mode, country],
  );
  // After a refused post without JavaScript, the radio and checkbox choices come back from the server.
  const submitted = useActionData<{ repopulateFields?: { color?: string; tags?: string | string[] } }>()
    ?.repopulateFields;
  const color = submitted ? (submitted.color ?? null) : (defaults.color ?? null);
  const tags = submitted ? [submitted.tags ?? []].flat().map(Number) : (defaults.tags ?? []);
  return (
    <ValidatedForm
      id={EMPLOYEE_FORM_ID}
      validator={validator}
      method="post"
      encType="multipart/form-data"
      defaultValues={{ ...defaults, role: defaults.role as RoleValue | undefined, color: defaults.color ?? undefined }}
      className="form"
      noValidate
    >
      <FormError />
      <div className="form-grid">
        <TextField name="firstName" label="First Name" autoComplete="off" required />
        <TextField name="lastName" label="Last Name" autoComplete="off" required />
        <TextField name="email" label="Email" type="email" autoComplete="off" hint="Used to sign in" required />
        <TextField name="mainPhoneNumber" label="Primary Phone" type="tel" autoComplete="off" />
        {mode === "create" ? <NewPasswordField name="password" label="Password" hint="At least 8 characters" /> : null}
        {fixedRole ? (
          <div className="field">
            <span className="label">Role</span>
            <input type="hidden" name="role" value={fixedRole.value} />
            <p className="muted">
              {roleLabels[fixedRole.value]}. {fixedRole.reason}
            </p>
          </div>
        ) : (
          <SelectField name="role" label="Role" options={selectableRoleOptions} placeholder="Choose a role" required />
        )}
      </div>
      <ColorField selected={color} />
      <CheckboxGroupField
        name="tags"
        label="Tags"
        options={tagOptions.map((t) => ({ value: t.id, label: t.label }))}
        selected={tags}
      />
      <ImageField name="logo" label="Photo" currentUrl={photoUrl ?? null} />
      <div className="modal-actions">
        <Link className="button" to={cancelTo} preventScrollReset>
          Cancel
        </Link>
        <SubmitButton busyText="Saving...">{mode === "create" ? "Create Employee" : "Save"}</SubmitButton>
      </div>
    </ValidatedForm>
  );
}

/** A round badge in the employee's colour with their photo or initials. */
export function EmployeeAvatar({
  firstName,
  lastName,
  color,
  logoUrl,
}: {
  firstName: string;
  lastName: string;
  color: string | null;
  logoUrl: string | null;
}) {
  const initials = `${firstName[0] ?? ""}${lastName[0] ?? ""}`.toUpperCase();
  return (
    <span
      className="avatar employee-avatar"
      style={color ? { background: color, color: textColorOn(color) } : undefined}
      aria-hidden="true"
    >
      {logoUrl ? <img src={logoUrl} alt="" width={34} height={34} /> : initials}
    </span>
  );
}
