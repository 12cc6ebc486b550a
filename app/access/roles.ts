/** Role values of the specification (section 6). */
export const Role = { FieldTech: 0, OfficeStaff: 1, CompanyAdmin: 2, SuperAdmin: 3 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const roleLabels: Record<RoleValue, string> = {
  0: "Field Tech",
  1: "Office Staff",
  2: "Company Admin",
  3: "Super Admin",
};

export const ALL_ROLES: readonly RoleValue[] = [0, 1, 2, 3];
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
