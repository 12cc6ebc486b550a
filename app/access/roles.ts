import { labelledEnum } from "~/utils/labelled-enum";

/** Role values of the specification (section 6). */
export const {
  values: Role,
  labels: roleLabels,
  all: ALL_ROLES,
} = labelledEnum({
  FieldTech: [0, "Field Tech"],
  OfficeStaff: [1, "Office Staff"],
  CompanyAdmin: [2, "Company Admin"],
  SuperAdmin: [3, "Super Admin"],
});
export type RoleValue = (typeof ALL_ROLES)[number];

/** Admin-level and manager-level roles (DECISIONS.md). */
export const ADMIN_ROLES: readonly RoleValue[] = [Role.CompanyAdmin, Role.SuperAdmin];
export const MANAGER_ROLES = ADMIN_ROLES;
/** The broader role set: office staff and the admin roles. */
export const BROAD_ROLES: readonly RoleValue[] = [Role.OfficeStaff, Role.CompanyAdmin, Role.SuperAdmin];
export const SUPER_ADMIN_ONLY: readonly RoleValue[] = [Role.SuperAdmin];
/** Roles a company can give its employees. */
export const SELECTABLE_ROLES: readonly RoleValue[] = [Role.FieldTech, Role.OfficeStaff, Role.CompanyAdmin];

export const isAdminRole = (role: number) => ADMIN_ROLES.includes(role as RoleValue);
export const isBroadRole = (role: number) => BROAD_ROLES.includes(role as RoleValue);
/** Costs (line item and price book item cost) are the office's: a field tech never reads them. */
export const readsCosts = (role: number) => role !== Role.FieldTech;

/** Home page after sign-in by role. */
export function homePathFor(role: number): string {
  if (role === Role.SuperAdmin) return "/admin-panel";
  if (role === Role.OfficeStaff || role === Role.CompanyAdmin) return "/dashboard";
  return "/schedule";
}
