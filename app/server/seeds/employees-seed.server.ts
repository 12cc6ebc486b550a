import type { Executor } from "~/db.server";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import { PALETTE } from "~/models/employees/palette";
import { hashPassword } from "~/models/accounts/passwords.server";
import { Role } from "~/access/roles";

const FIRST_NAMES = [
  "Avery",
  "Blake",
  "Carmen",
  "Diego",
  "Elena",
  "Felix",
  "Grace",
  "Hector",
  "Ivy",
  "Jamal",
  "Keiko",
  "Liam",
  "Maya",
  "Nolan",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Silas",
  "Tara",
];
const LAST_NAMES = [
  "Alvarez",
  "Brooks",
  "Chen",
  "Dubois",
  "Ellis",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Murphy",
  "Nguyen",
  "Okafor",
  "Patel",
  "Reed",
  "Silva",
  "Turner",
  "Walsh",
];

/** The password of seeded employees unless one is given (benchmarks and tests; the demo seed gives its own). */
export const SEEDED_EMPLOYEE_PASSWORD = "demo1234";

/**
 * Adds `count` employees to a company for the demo and for benchmarks: mostly field techs, every
 * fifth office staff, colours going round the palette, fictional 555-02xx phone numbers.
 * Bypasses the plan limit on purpose. One insert; the password is hashed once.
 */
export async function seedEmployees(
  companyId: number,
  count: number,
  exec: Executor = db,
  password = SEEDED_EMPLOYEE_PASSWORD,
): Promise<number[]> {
  if (count <= 0) return [];
  const passwordHash = await hashPassword(password);
  const rows = Array.from({ length: count }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length];
    return {
      companyId,
      email: `${firstName}.${lastName}.${i + 1}@c${companyId}.fieldwise.demo`.toLowerCase(),
      passwordHash,
      firstName,
      lastName,
      role: i % 5 === 4 ? Role.OfficeStaff : Role.FieldTech,
      color: PALETTE[i % PALETTE.length].value,
      mainPhoneNumber: i < 100 ? `+1704555${String(200 + i).padStart(4, "0")}` : null,
    };
  });
  const inserted = await exec.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((r) => r.id);
}
