import type { ReactNode } from "react";

export type ImportReportRow = {
  row: number;
  name: ReactNode;
  result: string;
  tone: "success" | "warning" | "danger";
  details: string;
};

/** The row-by-row report of a CSV import: what each row became and why. */
export function ImportReportTable({ summary, rows }: { summary: string; rows: ImportReportRow[] }) {
  return (
    <section className="card stack" aria-labelledby="import-report-title">
      <h2 id="import-report-title">Import report</h2>
      <p role="status">{summary}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Row</th>
              <th>Name</th>
              <th>Result</th>
              <th>Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.name}</td>
                <td>
                  <span className={`badge badge-${r.tone}`}>{r.result}</span>
                </td>
                <td>{r.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
