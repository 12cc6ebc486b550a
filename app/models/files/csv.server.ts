import { parse, type Options as ParseOptions } from "csv-parse/sync";
import { stringify, type Input, type Options as StringifyOptions } from "csv-stringify/sync";

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with =, +, -, @, tab or carriage
 * return as a formula. Every CSV we write goes through `toCsv`, which puts a single quote before
 * such a cell; `parseCsv` takes exactly that quote away again, so an export imports back
 * unchanged ("+14155552671" is written '+14155552671 and read as +14155552671).
 * A cell that already starts with quotes before such a character ('=x) gets one more quote too,
 * so a value that really begins with a quote survives the round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ADDED_QUOTE = /^'(?='*[=+\-@\t\r])/;

/** The cell as written to a CSV file: a leading quote when a spreadsheet would take it for a formula. */
export const neutraliseCsvCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The cell as read from a CSV file: the quote neutraliseCsvCell added is taken away. */
export const restoreCsvCell = (value: string): string => value.replace(ADDED_QUOTE, "");

/** csv-stringify with every string and number cell neutralised (headers included). */
export function toCsv(rows: Input, options: StringifyOptions = {}): string {
  return stringify(rows, {
    ...options,
    cast: {
      ...options.cast,
      string: (value) => neutraliseCsvCell(value),
      number: (value) => neutraliseCsvCell(String(value)),
    },
  });
}

/** csv-parse with every cell restored (see restoreCsvCell). */
export function parseCsv<T = Record<string, string>>(input: string | Buffer, options: ParseOptions = {}): T[] {
  return parse(input, { ...options, cast: (value: string) => restoreCsvCell(value) }) as T[];
}

/** The rows of an uploaded CSV file keyed by its (trimmed) header, blank lines and short rows allowed. */
export function parseCsvRecords(input: string | Buffer): Record<string, string>[] {
  return parseCsv(input, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
}
