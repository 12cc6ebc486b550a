import { existsSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { projectRoot } from "~/db.server";
import { keyFromUrl, readStoredFile } from "~/services/storage.server";

/**
 * A customer document with lines and totals (invoice, estimate), or with checklists' answers, drawn
 * as a PDF with pdfkit: the company's logo and details, the customer, the document's number and
 * dates, the lines, the totals and the message. The caller passes numbers already formatted, so the
 * PDF shows exactly what the screen shows. Fonts: the design's Poppins and Source Sans Pro from @fontsource (WOFF),
 * Helvetica when they are missing.
 */
export type DocumentPdfInput = {
  /** "Invoice", "Estimate" */
  title: string;
  /** "#12" */
  number: string;
  company: { businessName: string; email?: string | null; phone?: string | null; logoUrl?: string | null };
  billTo: { name: string; email?: string | null; address?: string | null };
  /** Label and value pairs beside the title (issue date, due date, status). */
  facts: Array<[string, string]>;
  lines: Array<{ name: string; description?: string | null; quantity: string; unitPrice: string; amount: string }>;
  /** The last one is drawn bold (the balance or the total). */
  totals: Array<[string, string]>;
  /** Several tables, each with a heading (an estimate's options), drawn instead of `lines` and `totals`. */
  sections?: Array<{ heading: string; lines: DocumentPdfInput["lines"]; totals: DocumentPdfInput["totals"] }>;
  message?: string | null;
  /** More labelled texts after the message (the company's note on every estimate). */
  notes?: Array<[string, string]>;
  /** The heading above billTo: "BILL TO" unless given. */
  billToLabel?: string;
  /** Filled-in checklists, each item's label, answer and stored images (photos, a signature), drawn instead of lines and totals. */
  checklists?: Array<{
    heading: string;
    items: Array<{ label: string; answer: string; imageUrls: string[]; signature?: boolean }>;
  }>;
};

const FONT_FILES = {
  regular: ["source-sans-pro", "source-sans-pro-latin-400-normal.woff"],
  bold: ["source-sans-pro", "source-sans-pro-latin-600-normal.woff"],
  heading: ["poppins", "poppins-latin-600-normal.woff"],
} as const;

type Fonts = { regular: string; bold: string; heading: string };

function registerFonts(doc: PDFKit.PDFDocument): Fonts {
  const fonts: Fonts = { regular: "Helvetica", bold: "Helvetica-Bold", heading: "Helvetica-Bold" };
  for (const [name, [pkg, file]] of Object.entries(FONT_FILES) as [keyof Fonts, readonly [string, string]][]) {
    const full = path.join(projectRoot(), "node_modules/@fontsource", pkg, "files", file);
    if (!existsSync(full)) continue;
    try {
      doc.registerFont(name, full);
      fonts[name] = name;
    } catch {
      // An unreadable font file: the built-in font stays.
    }
  }
  return fonts;
}

/** A stored image (the logo, a checklist's photo) as PNG within a box (pdfkit draws PNG and JPEG; uploads may be WebP). */
async function storedImagePng(url: string | null | undefined, width: number, height: number): Promise<Buffer | null> {
  if (!url) return null;
  const key = keyFromUrl(url);
  const file = key ? await readStoredFile(key).catch(() => null) : null;
  if (!file) return null;
  try {
    return await sharp(file.data).resize(width, height, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}

const PRIMARY = "#2E3758";
const MUTED = "#5f6677";

export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const logo = await storedImagePng(input.company.logoUrl, 240, 120);
  // Photos at twice their drawn size, so they stay sharp when printed.
  const checklists = await Promise.all(
    (input.checklists ?? []).map(async (c) => ({
      heading: c.heading,
      items: await Promise.all(
        c.items.map(async (item) => ({
          ...item,
          images: (await Promise.all(item.imageUrls.map((url) => storedImagePng(url, 400, 300)))).filter(
            (image): image is Buffer => image !== null,
          ),
        })),
      ),
    })),
  );
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: { Title: `${input.title} ${input.number}`.trim(), Author: input.company.businessName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = registerFonts(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Header: logo and company on the left, title and facts on the right.
  let y = doc.y;
  if (logo) {
    doc.image(logo, left, y, { fit: [120, 60] });
    y += 68;
  }
  doc.font(fonts.heading).fontSize(14).fillColor(PRIMARY).text(input.company.businessName, left, y, { width: 260 });
  doc.font(fonts.regular).fontSize(10).fillColor(MUTED);
  for (const line of [input.company.phone, input.company.email]) if (line) doc.text(line, { width: 260 });
  const companyBottom = doc.y;
  doc
    .font(fonts.heading)
    .fontSize(22)
    .fillColor(PRIMARY)
    .text(`${input.title} ${input.number}`.trim(), left + 260, doc.page.margins.top, {
      width: width - 260,
      align: "right",
    });
  doc.font(fonts.regular).fontSize(10).fillColor("#000");
  for (const [label, value] of input.facts)
    doc.text(`${label}: ${value}`, left + 260, doc.y, { width: width - 260, align: "right" });
  y = Math.max(companyBottom, doc.y) + 20;

  // Bill to.
  doc
    .font(fonts.bold)
    .fontSize(10)
    .fillColor(MUTED)
    .text(input.billToLabel ?? "BILL TO", left, y);
  doc.font(fonts.regular).fontSize(11).fillColor("#000").text(input.billTo.name);
  for (const line of [input.billTo.address, input.billTo.email]) if (line) doc.text(line);
  y = doc.y + 20;

  // Lines, then totals, of each section.
  const cols = { item: left, qty: left + width * 0.55, unit: left + width * 0.68, amount: left + width * 0.84 };
  const colWidth = { item: width * 0.53, qty: width * 0.12, unit: width * 0.15, amount: width * 0.16 };
  const header = () => {
    doc.font(fonts.bold).fontSize(10).fillColor(PRIMARY);
    doc.text("Item", cols.item, y, { width: colWidth.item });
    doc.text("Qty", cols.qty, y, { width: colWidth.qty, align: "right" });
    doc.text("Unit price", cols.unit, y, { width: colWidth.unit, align: "right" });
    doc.text("Amount", cols.amount, y, { width: colWidth.amount, align: "right" });
    y = doc.y + 4;
    doc.moveTo(left, y).lineTo(right, y).strokeColor("#cfd3dc").stroke();
    y += 6;
  };
  const drawSection = (section: {
    heading?: string;
    lines: DocumentPdfInput["lines"];
    totals: DocumentPdfInput["totals"];
  }) => {
    if (section.heading) {
      if (y + 60 > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      doc.font(fonts.heading).fontSize(13).fillColor(PRIMARY).text(section.heading, left, y, { width });
      y = doc.y + 6;
    }
    header();
    if (section.lines.length === 0) {
      doc.font(fonts.regular).fontSize(10).fillColor(MUTED).text("No items", cols.item, y);
      y = doc.y + 6;
    }
    for (const line of section.lines) {
      const text = line.description ? `${line.name}\n${line.description}` : line.name;
      doc.font(fonts.regular).fontSize(10);
      const height = doc.heightOfString(text, { width: colWidth.item });
      if (y + height > doc.page.height - doc.page.margins.bottom - 20) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
      doc.fillColor("#000").font(fonts.regular).text(line.name, cols.item, y, { width: colWidth.item });
      if (line.description)
        doc.fillColor(MUTED).fontSize(9).text(line.description, cols.item, doc.y, { width: colWidth.item });
      doc.fillColor("#000").fontSize(10);
      doc.text(line.quantity, cols.qty, y, { width: colWidth.qty, align: "right" });
      doc.text(line.unitPrice, cols.unit, y, { width: colWidth.unit, align: "right" });
      doc.text(line.amount, cols.amount, y, { width: colWidth.amount, align: "right" });
      y += height + 8;
    }
    doc.moveTo(left, y).lineTo(right, y).strokeColor("#cfd3dc").stroke();
    y += 8;

    // Totals.
    if (y + section.totals.length * 16 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    section.totals.forEach(([label, value], i) => {
      const last = i === section.totals.length - 1;
      doc
        .font(last ? fonts.bold : fonts.regular)
        .fontSize(last ? 12 : 10)
        .fillColor(last ? PRIMARY : "#000");
      doc.text(label, cols.unit - width * 0.15, y, { width: colWidth.unit + width * 0.15, align: "right" });
      doc.text(value, cols.amount, y, { width: colWidth.amount, align: "right" });
      y = doc.y + 4;
    });
    y += 16;
  };
  const room = (height: number) => {
    if (y + height <= doc.page.height - doc.page.margins.bottom) return;
    doc.addPage();
    y = doc.page.margins.top;
  };
  // A checklist: its name, then each item's label and answer, its photos in rows and its signature.
  const drawChecklist = (checklist: (typeof checklists)[number]) => {
    room(60);
    doc.font(fonts.heading).fontSize(13).fillColor(PRIMARY).text(checklist.heading, left, y, { width });
    y = doc.y + 4;
    doc.moveTo(left, y).lineTo(right, y).strokeColor("#cfd3dc").stroke();
    y += 8;
    for (const item of checklist.items) {
      doc.font(fonts.bold).fontSize(10);
      const labelHeight = doc.heightOfString(item.label, { width: width * 0.45 });
      doc.font(fonts.regular).fontSize(10);
      const answer = item.answer || "No answer";
      room(Math.max(labelHeight, doc.heightOfString(answer, { width: width * 0.53 })) + 8);
      doc
        .font(fonts.bold)
        .fillColor("#000")
        .text(item.label, left, y, { width: width * 0.45 });
      const labelBottom = doc.y;
      doc
        .font(fonts.regular)
        .fillColor(item.answer ? "#000" : MUTED)
        .text(answer, left + width * 0.47, y, { width: width * 0.53 });
      y = Math.max(labelBottom, doc.y) + 6;
      const [boxWidth, boxHeight] = item.signature ? [200, 80] : [160, 120];
      let x = left;
      for (const image of item.images) {
        if (x + boxWidth > right) {
          x = left;
          y += boxHeight + 8;
        }
        room(boxHeight + 8);
        doc.image(image, x, y, { fit: [boxWidth, boxHeight] });
        x += boxWidth + 8;
      }
      if (item.images.length) y += boxHeight + 8;
      y += 4;
    }
    y += 16;
  };
  if (input.checklists) {
    if (checklists.length === 0) doc.font(fonts.regular).fontSize(10).fillColor(MUTED).text("No checklists", left, y);
    checklists.forEach(drawChecklist);
  } else for (const section of input.sections ?? [input]) drawSection(section);

  const notes: Array<[string, string]> = [
    ...(input.message ? [["MESSAGE", input.message] as [string, string]] : []),
    ...(input.notes ?? []),
  ];
  for (const [label, text] of notes) {
    doc.font(fonts.bold).fontSize(10).fillColor(MUTED).text(label, left, y);
    doc.font(fonts.regular).fontSize(10).fillColor("#000").text(text, left, doc.y, { width });
    y = doc.y + 16;
  }
  doc.end();
  return ended;
}

/** A PDF answer: shown in the browser (inline), never cached (the document changes as it is paid). */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "no-store",
    },
  });
}
