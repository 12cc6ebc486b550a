import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { customers } from "~/db/schema";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { seedEmployees } from "~/server/seeds/employees-seed.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { refreshPlannerStatistics } from "~/models/schedule/planner-statistics.server";
import { seedPriceBook } from "~/server/seeds/price-book-seed.server";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";

export type BenchmarkCompany = {
  businessName: string;
  adminEmail: string;
  password: string;
  customers: number;
  jobs: number;
  employees: number;
};

/**
 * A company of a given size (jobs over three years) for the benchmark (bench/run.mjs) and the cross-company checks of
 * the route walk, filled by each area's own seed function. Run in Node before the server opens the
 * database: from source by the benchmark (bench/seed.ts), on the built app by the route walk.
 * Returns the ids the benchmark needs and how long each part took.
 */
export async function seedBenchmark(input: BenchmarkCompany) {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings[name] = Date.now() - started;
    return result;
  };
  const { companyId, userId } = await db.transaction((tx) =>
    createCompanyWithAdmin(tx, {
      businessName: input.businessName,
      email: input.adminEmail,
      password: input.password,
      firstName: "Bench",
      lastName: "Admin",
      country: "US",
    }),
  );
  const employeeIds = await timed("employees", () => seedEmployees(companyId, input.employees));
  await timed("price book", () => seedPriceBook(companyId));
  const { tagIds } = await timed("customers", () => seedCustomers(companyId, input.customers));
  const customerIds = (
    await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId))
  ).map((c) => c.id);
  await timed("jobs", () => seedJobs(companyId, { count: input.jobs, years: 3, employeeIds, customerIds }));
  await timed("statistics", () => refreshPlannerStatistics());
  return { companyId, adminUserId: userId, tagIds, timings };
}
