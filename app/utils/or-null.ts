/** The named optional fields of an input with a missing one as null, as nullable columns take them. */
export function orNull<T extends object, const K extends keyof T>(
  input: T,
  keys: readonly K[],
): { [P in K]: Exclude<T[P], undefined> | null } {
  return Object.fromEntries(keys.map((key) => [key, input[key] ?? null])) as {
    [P in K]: Exclude<T[P], undefined> | null;
  };
}
