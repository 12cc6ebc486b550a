import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { LOGO_FOLDER } from "~/models/company/company.server";
import { invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import { createInvoice } from "~/models/invoices/invoices.server";
import { loader as pdfLoader } from "~/routes/api+/invoices+/$id_.pdf";
import { saveFile } from "~/services/storage.server";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run } from "../jobs/fixtures";
import { poppler } from "../../helpers/pdf";

useTestDatabase();

describe("GET /api/invoices/{id}/pdf", () => {
  it("draws the company's logo, the customer, the lines and the same totals as the screen; 404 for another company", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: "#2E3758" } })
      .webp()
      .toBuffer();
    const stored = await saveFile({ companyId: f.companyId, folder: LOGO_FOLDER, extension: "webp", data: logo });
    await db.update(companies).set({ logoUrl: stored.url }).where(eq(companies.id, f.companyId));
    const { id, number } = await createInvoice(
      f.admin,
      invoiceCreateSchema.parse({
        customerId: f.customerId,
        issueDate: "2030-03-01",
        taxRate: "8.25",
        discount: "10",
        message: "Thank you!",
        lineItems: [
          { name: "A", unitPrice: "33.33", quantity: "3", isTaxable: true, description: "Three of them" },
          { name: "B", unitPrice: "19.99", quantity: "1.5" },
        ],
      }),
    );
    const cookie = await sessionCookie(f.adminId);
    const res = await run(pdfLoader, `/api/invoices/${id}/pdf`, { cookie }, { id: String(id) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = poppler(pdf, "pdftotext", ["-layout"]);
    for (const shown of [
      `Invoice #${number}`,
      "Grace Hopper",
      "1 Main St, Springfield",
      "Mar 01, 2030",
      "Mar 31, 2030",
      "Three of them",
      "$129.98",
      "-$10.00",
      "Tax (8.25%)",
      "$7.61",
      "$127.59",
      "Thank you!",
    ])
      expect(text).toContain(shown);
    expect(poppler(pdf, "pdfimages", ["-list"])).toMatch(/image\s+\d+\s+\d+/);
    const fonts = poppler(pdf, "pdffonts", []);
    expect(fonts).toContain("SourceSansPro");

    const foreign = await run(
      pdfLoader,
      `/api/invoices/${id}/pdf`,
      { cookie: await sessionCookie(other.adminId) },
      { id: String(id) },
    );
    expect(foreign.status).toBe(404);
  });
});
