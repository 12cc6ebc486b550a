import { RuleError } from "~/models/rules";
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor, type Transaction } from "~/db.server";
import { companies, employeeTags, sessions, tags, users } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/api.server";
import {
  employeeLimitMessage,
  EMPLOYEE_SORT_FIELDS,
  type EmployeeInput,
  type EmployeeSortField,
  type NewEmployeeInput,
} from "~/models/employees/employees.schema";
import { hashPassword } from "~/models/accounts/passwords.server";
import { Role, roleLabels, type RoleValue } from "~/access/roles";
import { TagType, type TagOption } from "~/models/company/tags.schema";
import { toCsv } from "~/models/files/csv.server";
import { containsPattern } from "~/utils/search";
import { editorImageRules } from "~/models/files/file-rules";
import { ImageUploadError, isFileChosen, processImageUpload } from "~/services/images.server";
import { deleteFile, saveFile } from "~/services/storage.server";
import { formatPhone, messages, normalizePhone } from "~/utils/validation";

export type EmployeeRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  mainPhoneNumber: string | null;
  role: RoleValue;
  color: string | null;
  logoUrl: string | null;
  tags: TagOption[];
  createdAt: string;
};

export type EmployeeOption = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleValue;
  color: string | null;
  logoUrl: string | null;
};

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Live (not deleted) users of the caller's company. */
const ofCompany = (ctx: CallerContext) => and(eq(users.companyId, ctx.companyId), isNull(users.deletedAt));

// Written with qualified names: drizzle leaves table names out of single-table select fields.
const tagsOfUser = sql<TagOption[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'label', t.name) order by lower(t.name))
  from employee_tags et join tags t on t.id = et.tag_id
  where et.user_id = "users"."id"), '[]'::json)`;

/** The columns of an employee option (pickers, lists of a company's people). */
export const employeeOptionColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  color: users.color,
  logoUrl: users.logoUrl,
};

const rowColumns = {
  ...employeeOptionColumns,
  mainPhoneNumber: users.mainPhoneNumber,
  createdAt: users.createdAt,
  tags: tagsOfUser,
};

function toRow(r: { createdAt: Date; role: number } & Omit<EmployeeRow, "createdAt" | "role">): EmployeeRow {
  return { ...r, role: r.role as RoleValue, createdAt: r.createdAt.toISOString() };
}

function searchCondition(searchQuery: string | undefined): SQL | undefined {
  const q = searchQuery?.trim();
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, "");
  return or(
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    ilike(users.email, pattern),
    digits.length >= 3 ? ilike(users.mainPhoneNumber, `%${digits}%`) : undefined,
  );
}

function orderFor(sort: { fieldName: string; descending: boolean } | undefined): SQL[] {
  const field = (EMPLOYEE_SORT_FIELDS as readonly string[]).includes(sort?.fieldName ?? "")
    ? (sort!.fieldName as EmployeeSortField)
    : "name";
  const dir = sort?.descending ? desc : asc;
  switch (field) {
    case "email":
      return [dir(users.email), asc(users.id)];
    case "role":
      return [dir(users.role), asc(users.lastName), asc(users.firstName), asc(users.id)];
    case "createdAt":
      return [dir(users.createdAt), dir(users.id)];
    default:
      return [dir(users.lastName), dir(users.firstName), asc(users.id)];
  }
}

/** GET employees/: every employee of the company, by name (for pickers and assignment). */
export async function listEmployees(ctx: CallerContext): Promise<EmployeeOption[]> {
  const rows = await db
    .select(employeeOptionColumns)
    .from(users)
    .where(ofCompany(ctx))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({ ...r, role: r.role as RoleValue }));
}

/** One page of employees, searched and sorted in the database. */
export async function pageEmployees(
  ctx: CallerContext,
  paging: Paging,
  searchQuery?: string,
): Promise<{ items: EmployeeRow[]; total: number }> {
  const where = and(ofCompany(ctx), searchCondition(searchQuery));
  const [items, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(...orderFor(paging.sortSettings[0]))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: items.map(toRow), total };
}

/** GET employees/search: the first matches by name, email or phone. */
export async function searchEmployees(
  ctx: CallerContext,
  searchQuery: string | undefined,
  limit = 20,
): Promise<EmployeeOption[]> {
  const rows = await db
    .select(employeeOptionColumns)
    .from(users)
    .where(and(ofCompany(ctx), searchCondition(searchQuery)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, role: r.role as RoleValue }));
}

export async function getEmployee(ctx: CallerContext, id: number, exec: Executor = db): Promise<EmployeeRow | null> {
  const [row] = await exec
    .select(rowColumns)
    .from(users)
    .where(and(eq(users.id, id), ofCompany(ctx)))
    .limit(1);
  return row ? toRow(row) : null;
}

export async function countEmployees(ctx: CallerContext, exec: Executor = db): Promise<number> {
  const [{ total }] = await exec.select({ total: count() }).from(users).where(ofCompany(ctx));
  return total;
}

/** GET employees/canCreate: whether the plan's employee limit leaves room for one more. */
export async function canCreateEmployee(ctx: CallerContext, employeeLimit: number) {
  const employeeCount = await countEmployees(ctx);
  const canCreate = employeeCount < employeeLimit;
  return { canCreate, employeeCount, employeeLimit, message: canCreate ? null : employeeLimitMessage(employeeLimit) };
}

/** POST employees/check-phone-number: another live employee of the company with this phone. */
export async function checkEmployeePhone(
  ctx: CallerContext,
  rawPhone: string,
  country: "US" | "CA",
  exceptUserId?: number,
  exec: Executor = db,
) {
  const phone = normalizePhone(rawPhone, country);
  if (!phone) return { isTaken: false, takenBy: null, valid: false };
  const [row] = await exec
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(ofCompany(ctx), eq(users.mainPhoneNumber, phone), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return { isTaken: !!row, takenBy: row ? fullName(row) : null, valid: true };
}

/** Email is the login, unique across the product; only the caller's own company learns who holds it. */
async function emailError(
  exec: Executor,
  ctx: CallerContext,
  email: string,
  exceptUserId?: number,
): Promise<string | null> {
  const [row] = await exec
    .select({ companyId: users.companyId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptUserId ? ne(users.id, exceptUserId) : undefined),
    )
    .limit(1);
  if (!row) return null;
  return row.companyId === ctx.companyId
    ? messages.emailTaken(fullName(row))
    : "This email is already used by another account";
}

async function checkTags(exec: Executor, ctx: CallerContext, tagIds: number[]): Promise<string | null> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return null;
  const found = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.type, TagType.Employee), inArray(tags.id, unique)));
  return found.length === unique.length ? null : "Choose tags from the list of employee tags";
}

async function fieldErrorsFor(
  exec: Executor,
  ctx: CallerContext,
  input: EmployeeInput,
  country: "US" | "CA",
  exceptUserId?: number,
) {
  const errors: Record<string, string> = {};
  const email = await emailError(exec, ctx, input.email, exceptUserId);
  if (email) errors.email = email;
  if (input.mainPhoneNumber) {
    const phone = await checkEmployeePhone(ctx, input.mainPhoneNumber, country, exceptUserId, exec);
    if (phone.isTaken) errors.mainPhoneNumber = messages.phoneTaken(phone.takenBy ?? "");
  }
  const tagError = await checkTags(exec, ctx, input.tags);
  if (tagError) errors.tags = tagError;
  return errors;
}

async function replaceTags(exec: Executor, userId: number, tagIds: number[]) {
  await exec.delete(employeeTags).where(eq(employeeTags.userId, userId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await exec.insert(employeeTags).values(unique.map((tagId) => ({ userId, tagId })));
}

/** Ends every session of a user (role change, deletion), including shadow sessions they opened. */
export async function revokeSessions(exec: Executor, userId: number) {
  await exec.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)));
}

/** A chosen photo: checked and converted first, then stored by `store` once the rest of the save passed. */
export type PhotoStep = () => Promise<{ store: () => Promise<{ logoUrl: string }> } | { error: string }>;

/**
 * An uploaded photo (checked by content, HEIC converted, saved as PNG) when one was chosen. The saves
 * convert it before their transaction opens: a large HEIC takes seconds, and the embedded database
 * has one connection that a transaction holds.
 */
export function employeePhotoStep(ctx: CallerContext, file: unknown): PhotoStep | undefined {
  if (!isFileChosen(file as FormDataEntryValue)) return undefined;
  return async () => {
    try {
      const png = await processImageUpload(file as File, editorImageRules);
      return {
        store: async () => ({
          logoUrl: (await saveFile({ companyId: ctx.companyId, folder: "employees", extension: "png", data: png })).url,
        }),
      };
    } catch (error) {
      if (error instanceof ImageUploadError) return { error: error.message };
      throw error;
    }
  };
}

/**
 * Creates an employee within the plan's limit. The company row is locked while counting so two
 * creations at once cannot both take the last seat. The photo is stored only once the rest passed.
 */
export async function createEmployee(
  ctx: CallerContext,
  input: NewEmployeeInput,
  options: { employeeLimit: number; country: "US" | "CA"; photo?: PhotoStep },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const prepared = options.photo ? await options.photo() : null;
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, ctx.companyId)).for("update");
    if ((await countEmployees(ctx, tx)) >= options.employeeLimit)
      throw new RuleError({ _global: employeeLimitMessage(options.employeeLimit) });
    const errors = await fieldErrorsFor(tx, ctx, input, options.country);
    if (Object.keys(errors).length) throw new RuleError(errors);
    if (prepared && "error" in prepared) throw new RuleError({ logo: prepared.error });
    const photo = prepared ? await prepared.store() : null;
    const [row] = await tx
      .insert(users)
      .values({
        companyId: ctx.companyId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        mainPhoneNumber: input.mainPhoneNumber ?? null,
        role: input.role,
        color: input.color ?? null,
        logoUrl: photo?.logoUrl ?? null,
      })
      .returning({ id: users.id });
    await replaceTags(tx, row.id, input.tags);
    return row.id;
  });
}

/** A live employee of the caller's company, locked for an update in this transaction. */
async function lockEmployee(tx: Transaction, ctx: CallerContext, id: number) {
  const [target] = await tx
    .select({ id: users.id, role: users.role, email: users.email, logoUrl: users.logoUrl })
    .from(users)
    .where(and(eq(users.id, id), ofCompany(ctx)))
    .for("update")
    .limit(1);
  return target ?? null;
}

/**
 * Updates an employee. A company admin cannot change their own role (so they cannot demote
 * themselves), a super admin's role is not changed here, and a role change ends the person's sessions.
 */
export async function updateEmployee(
  ctx: CallerContext,
  id: number,
  input: EmployeeInput,
  options: { country: "US" | "CA"; photo?: PhotoStep },
): Promise<number | null> {
  let replacedPhoto: string | null = null;
  const prepared = options.photo ? await options.photo() : null;
  const result = await db.transaction(async (tx): Promise<number | null> => {
    const target = await lockEmployee(tx, ctx, id);
    if (!target) return null;
    if (target.role === Role.SuperAdmin && ctx.role !== Role.SuperAdmin)
      throw new RuleError({ _global: "Only a super admin can change a super admin" });
    const role = target.role === Role.SuperAdmin ? Role.SuperAdmin : input.role;
    const errors = await fieldErrorsFor(tx, ctx, input, options.country, id);
    if (id === ctx.userId && role !== target.role) errors.role = "You cannot change your own role";
    if (Object.keys(errors).length) throw new RuleError(errors);
    if (prepared && "error" in prepared) throw new RuleError({ logo: prepared.error });
    const photo = prepared ? await prepared.store() : null;
    await tx
      .update(users)
      .set({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mainPhoneNumber: input.mainPhoneNumber ?? null,
        role,
        ...(input.color ? { color: input.color } : {}),
        ...(photo ? { logoUrl: photo.logoUrl } : {}),
      })
      .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)));
    await replaceTags(tx, id, input.tags);
    if (role !== target.role) await revokeSessions(tx, id);
    if (photo) replacedPhoto = target.logoUrl;
    return id;
  });
  if (replacedPhoto) await deleteFile(replacedPhoto);
  return result;
}

/**
 * Soft-deletes an employee: the row stays for history (jobs, notes), the sessions end, and the
 * email is released so the address can be used again.
 */
export async function deleteEmployee(ctx: CallerContext, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const target = await lockEmployee(tx, ctx, id);
    if (!target) return null;
    if (id === ctx.userId) throw new RuleError({ _global: "You cannot delete your own account" });
    if (target.role === Role.SuperAdmin && ctx.role !== Role.SuperAdmin)
      throw new RuleError({ _global: "Only a super admin can delete a super admin" });
    await tx
      .update(users)
      .set({ deletedAt: new Date(), email: `deleted-${id}-${target.email}` })
      .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)));
    await revokeSessions(tx, id);
    return id;
  });
}

/** users/exportUsers: the company's users as CSV. */
export async function exportUsersCsv(ctx: CallerContext): Promise<string> {
  const rows = await db
    .select(rowColumns)
    .from(users)
    .where(ofCompany(ctx))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return toCsv(
    rows.map((r) => [
      r.id,
      r.firstName,
      r.lastName,
      r.email,
      formatPhone(r.mainPhoneNumber),
      roleLabels[r.role as RoleValue] ?? "",
      r.color ?? "",
      (r.tags as TagOption[]).map((t) => t.label).join(", "),
      r.createdAt.toISOString(),
    ]),
    { header: true, columns: ["Id", "First Name", "Last Name", "Email", "Phone", "Role", "Color", "Tags", "Created"] },
  );
}
