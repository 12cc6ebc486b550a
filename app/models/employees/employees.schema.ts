import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/models/accounts/accounts.schema";
import { isPaletteColor } from "~/models/employees/palette";
import { roleLabels, SELECTABLE_ROLES, type RoleValue } from "~/access/roles";
import { emailField, messages, optionalPhoneField, perCountry, requiredText } from "~/utils/validation";

export const EMPLOYEE_FORM_ID = "employee-form";
export const EMPLOYEE_NAME_MIN = 2;
export const EMPLOYEE_NAME_MAX = 255;

export const selectableRoleOptions = SELECTABLE_ROLES.map((value) => ({ value, label: roleLabels[value] }));

const roleField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce
    .number({ required_error: messages.required("Role"), invalid_type_error: messages.required("Role") })
    .int()
    .refine(
      (v): v is RoleValue => (SELECTABLE_ROLES as readonly number[]).includes(v),
      "Role must be Field Tech, Office Staff or Company Admin",
    ),
);

/** Colour is sent only if chosen; it must be one of the palette's 12. */
const colorField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .trim()
    .refine(isPaletteColor, "Color must be one of the palette colors")
    .transform((v) => v.toUpperCase())
    .optional(),
);

/** Tags arrive as a list (tags=1&tags=2, tags[0]=1, or a JSON array). */
const tagsField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]),
  z.array(z.coerce.number().int().positive()).max(50),
);

const passwordField = z
  .string({ required_error: messages.required("Password") })
  .min(1, messages.required("Password"))
  .min(PASSWORD_MIN, messages.min("Password", PASSWORD_MIN))
  .max(PASSWORD_MAX, messages.max("Password", PASSWORD_MAX));

/** The employee form, shared by the screen and the API; the phone region follows the company's country. */
export const employeeEditSchema = perCountry((country) =>
  z.object({
    email: emailField("Email"),
    firstName: requiredText("First Name", { min: EMPLOYEE_NAME_MIN, max: EMPLOYEE_NAME_MAX }),
    lastName: requiredText("Last Name", { min: EMPLOYEE_NAME_MIN, max: EMPLOYEE_NAME_MAX }),
    mainPhoneNumber: optionalPhoneField(country),
    role: roleField,
    color: colorField,
    tags: tagsField,
  }),
);

/** Creating an employee also sets their first password. */
export const employeeCreateSchema = perCountry((country) =>
  employeeEditSchema(country).extend({ password: passwordField }),
);

export type EmployeeInput = z.infer<ReturnType<typeof employeeEditSchema>>;
export type NewEmployeeInput = z.infer<ReturnType<typeof employeeCreateSchema>>;

export const checkPhoneNumberSchema = z.object({
  phoneNumber: z
    .string({ required_error: messages.required("Phone Number") })
    .trim()
    .min(1, messages.required("Phone Number"))
    .max(40),
});
/** POST /api/employees/check-phone-number: employeeId is the employee being edited, left out of the check. */
export const employeeCheckPhoneSchema = checkPhoneNumberSchema.extend({
  employeeId: z.coerce.number().int().positive().optional(),
});

export const EMPLOYEE_SORT_FIELDS = ["name", "email", "role", "createdAt"] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

export const employeeLimitMessage = (limit: number) =>
  `Your plan allows ${limit} employee${limit === 1 ? "" : "s"}. Delete an employee or upgrade your plan on the Billing page to add more.`;
