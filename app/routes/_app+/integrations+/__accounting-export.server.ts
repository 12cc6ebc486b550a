import { json } from "@remix-run/node";
import { exportRangeSchema } from "~/models/webhooks/webhooks.schema";
import { dayjs } from "~/utils/format";

/** The export's date range from the GET form (default: this month so far, in the company's zone); 400 when invalid. */
export function readExportRange(url: URL, timezone: string) {
  const today = dayjs().tz(timezone);
  const parsed = exportRangeSchema.safeParse({
    from: url.searchParams.get("from") || today.startOf("month").format("YYYY-MM-DD"),
    to: url.searchParams.get("to") || today.format("YYYY-MM-DD"),
  });
  if (!parsed.success) throw json({ message: parsed.error.issues.map((i) => i.message).join("; ") }, { status: 400 });
  return parsed.data;
}
