import { json } from "@remix-run/node";
import { apiNotFound } from "~/http/api.server";
import { CustomerRuleError } from "~/models/customers/customers.server";

/** The {id} of a path, or 404 like a missing customer. */
export function customerIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return apiNotFound();
  return id;
}

/** Duplicate rules answer like validation: 400 {errors: {field: message}}. */
export async function withRuleErrors<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CustomerRuleError) return json({ errors: error.errors }, { status: 400 });
    throw error;
  }
}

export const methodNotAllowed = () => json({ message: "Method not allowed" }, { status: 405 });
