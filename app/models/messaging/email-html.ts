import { escapeHtml, textToHtml, type ImageResolver } from "./variables";

export const BRAND = { primary: "#2E3758", secondary: "#3AC09D" } as const;

/**
 * A complete, simple HTML email: the company's logo (or name) on the brand colour, the message
 * (every value escaped), and a footer with the company name. Inline styles and one table, as
 * email programs expect; no scripts, no outside style sheets.
 */
export function emailHtml({
  companyName,
  logoUrl,
  subject,
  text,
  images,
}: {
  companyName: string;
  /** An absolute address of the company's logo, or null. */
  logoUrl: string | null;
  subject: string;
  text: string;
  /** Image lines of the text shown as images (campaign emails); without it they stay text. */
  images?: ImageResolver;
}): string {
  const name = escapeHtml(companyName);
  const header = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${name}" height="48" style="display:block;max-height:48px;width:auto;border:0;margin:0 auto 8px auto;">` +
      `<div style="font-size:18px;font-weight:600;color:#ffffff;">${name}</div>`
    : `<div style="font-size:20px;font-weight:600;color:#ffffff;">${name}</div>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f8;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f8;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;font-family:'Source Sans Pro',Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2333;">
<tr><td style="background:${BRAND.primary};padding:20px 24px;text-align:center;">${header}</td></tr>
<tr><td style="height:4px;background:${BRAND.secondary};line-height:4px;font-size:0;">&nbsp;</td></tr>
<tr><td style="padding:24px;">
${textToHtml(text, `color:${BRAND.primary};font-weight:600;`, images)}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e3e5ec;font-size:13px;color:#5b6073;text-align:center;">${name}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
