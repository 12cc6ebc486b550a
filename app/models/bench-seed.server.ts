import { db } from "~/db.server";
import { createCompanyWithAdmin } from "~/models/signup.server";

export type BenchmarkCompany = {
  businessName: string;
  adminEmail: string;
  password: string;
  customers: number;
  jobs: number;
  employees: number;
};

/**
 * A company of a given size for the benchmark (bench/run.mjs) and the cross-company checks of
 * the route walk, filled by each area's own seed function. Run in Node on the built app, before
 * the server opens the database.
 */
export async function seedBenchmark(input: BenchmarkCompany) {
  const { companyId, userId } = await db.transaction((tx) =>
    createCompanyWithAdmin(tx, { businessName: input.businessName, email: input.adminEmail, password: input.password, firstName: "Bench", lastName: "Admin", country: "US" }),
  );
  return { companyId, adminUserId: userId, seeded: {} as Record<string, number> };
}
