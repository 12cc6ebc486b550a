import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, formatChartShort, niceMax, RankingChart } from "~/components/charts";

/** The rendered chart's text equivalent: each row of its table as "label | value | value". */
function tableRows(html: string): string[] {
  const body = /<tbody>(.*)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, "")).join(" | "),
  );
}

describe("charts drawn on the server", () => {
  it("a bar chart is a picture hidden from screen readers plus a table with every figure and link", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        title: "Visits this week",
        format: "count",
        points: [
          { label: "Sun 1", value: 0, href: "/schedule?view=day&date=2026-11-01" },
          { label: "Mon 2", value: 12, href: "/schedule?view=day&date=2026-11-02" },
          { label: "Tue 3", value: 1_250 },
        ],
      }),
    );
    expect(html).toContain('<h2 id="');
    expect(html).toMatch(/<figure class="chart" aria-labelledby="([^"]+)"><figcaption><h2 id="\1"/);
    expect(html).toMatch(/<svg class="chart-svg" viewBox="0 0 360 200" aria-hidden="true" focusable="false"/);
    // One bar per point; the linked bars stay out of the tab order (the table's links are the keyboard's).
    expect(html.match(/<rect class="chart-bar"/g)).toHaveLength(3);
    expect(html).toContain('<a href="/schedule?view=day&amp;date=2026-11-02" tabindex="-1">');
    expect(tableRows(html)).toEqual(["Sun 1 | 0", "Mon 2 | 12", "Tue 3 | 1,250"]);
    expect(html).toContain('<th scope="row"><a href="/schedule?view=day&amp;date=2026-11-01">Sun 1</a></th>');
    expect(html).toContain('<th scope="col">Count</th>');
    // The bar labels inside the picture are short: 1.3k, not 1,250.
    expect(html).toContain(">1.3k</text>");
  });

  it("two series: this month and last, with a legend and both columns in money", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        title: "Revenue",
        format: "cents",
        seriesLabels: ["November 2026", "October 2026"],
        points: [
          { label: "1–7", value: 27_500 },
          { label: "8–14", value: 0 },
        ],
        previous: [
          { label: "1–7", value: 0 },
          { label: "8–14", value: 100_050 },
        ],
      }),
    );
    expect(html).toContain('<ul class="chart-legend" aria-hidden="true">');
    expect(html).toContain('<th scope="col">November 2026</th><th scope="col">October 2026</th>');
    expect(tableRows(html)).toEqual(["1–7 | $275.00 | $0.00", "8–14 | $0.00 | $1,000.50"]);
    expect(html.match(/<rect class="chart-bar chart-bar-previous"/g)).toHaveLength(2);
    // The axis tops at a round figure above the largest bar: $1,000.50 -> $2k.
    expect(html).toContain(">$2k</text>");
  });

  it("a ranking draws one row per point, longest bar for the largest value", () => {
    const html = renderToStaticMarkup(
      createElement(RankingChart, {
        title: "Jobs by status",
        format: "count",
        points: [
          { label: "Scheduled", value: 40, href: "/jobs?status=1" },
          { label: "Finished", value: 10, href: "/jobs?status=4" },
          { label: "Paid", value: 0, href: "/jobs?status=5" },
        ],
      }),
    );
    const widths = [...html.matchAll(/<rect class="chart-bar" x="0" y="[\d.]+" width="([\d.]+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(widths).toEqual([280, 70, 0]);
    expect(tableRows(html)).toEqual(["Scheduled | 40", "Finished | 10", "Paid | 0"]);
    expect(html).toContain('<a href="/jobs?status=4">Finished</a>');
  });

  it("a count's axis has whole-number steps; an empty money chart still has a readable axis", () => {
    const axis = (html: string) =>
      [...html.matchAll(/<text class="chart-axis"[^>]*text-anchor="end">([^<]*)</g)].map((m) => m[1]);
    const counts = renderToStaticMarkup(
      createElement(BarChart, { title: "Visits", format: "count", points: [{ label: "Fri", value: 3 }] }),
    );
    expect(axis(counts)).toEqual(["0", "1", "2", "3", "4"]);
    const nine = renderToStaticMarkup(
      createElement(BarChart, { title: "Visits", format: "count", points: [{ label: "Fri", value: 9 }] }),
    );
    expect(axis(nine)).toEqual(["0", "3", "6", "9", "12"]);
    const empty = renderToStaticMarkup(
      createElement(BarChart, { title: "Revenue", format: "cents", points: [{ label: "1–7", value: 0 }] }),
    );
    expect(axis(empty)).toEqual(["$0", "$25", "$50", "$75", "$100"]);
  });

  it("round axis tops and short labels", () => {
    expect([niceMax(0), niceMax(7), niceMax(12), niceMax(1_250), niceMax(30_000_001)]).toEqual([
      1, 10, 20, 2_000, 50_000_000,
    ]);
    expect(formatChartShort(27_500, "cents")).toBe("$275");
    expect(formatChartShort(123_456_789, "cents")).toBe("$1.2M");
    expect(formatChartShort(999, "count")).toBe("999");
    expect(formatChartShort(4_000_000_000, "cents")).toBe("$40M");
  });
});
