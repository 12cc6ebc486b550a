/**
 * A numbered enum and its labels from one table, `{ Name: [value, "Label"] }`, so a value and its
 * label are written once: `values.Name` is the number, `labels[number]` its label, `all` every value.
 */
export function labelledEnum<const T extends Record<string, readonly [number, string]>>(table: T) {
  type Value = T[keyof T][0];
  const values = {} as Record<string, number>;
  const labels = {} as Record<number, string>;
  for (const [name, [value, label]] of Object.entries(table)) {
    values[name] = value;
    labels[value] = label;
  }
  return {
    values: values as { readonly [K in keyof T]: T[K][0] },
    labels: labels as Record<Value, string>,
    all: Object.values(values) as readonly Value[],
  };
}
