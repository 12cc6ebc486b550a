import { isMessageVariable, MESSAGE_VARIABLES, type MessageValues, type MessageVariable } from "./message-types";

/*
 * Message text with {{variables}}: checking (on save), rendering (at send time and in the preview)
 * and the SMS segment count. No server imports: the editor runs the same code while typing.
 */

/** A well-formed token: two braces, a name (spaces around it allowed), two braces. */
const TOKEN = /\{\{([^{}]*)\}\}/g;

export type TemplateProblem = { kind: "unknown"; names: string[] } | { kind: "malformed" };

/** What is wrong with the variables of a text, or null: unknown names first, then stray braces. */
export function templateProblem(text: string): TemplateProblem | null {
  const unknown: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1].trim();
    if (!name) return { kind: "malformed" };
    if (!isMessageVariable(name) && !unknown.includes(name)) unknown.push(name);
  }
  if (unknown.length) return { kind: "unknown", names: unknown };
  // Left over once the tokens are out: an unclosed "{{", a stray "}}", or a brace against a token ("{{{name}}}").
  const rest = text.replace(TOKEN, "\u0000");
  if (/\{\{|\}\}|\{\u0000|\u0000\}/.test(rest)) return { kind: "malformed" };
  return null;
}

/** The field error a text's variables give, naming the unknown ones; null when they are all known. */
export function templateError(label: string, text: string): string | null {
  const problem = templateProblem(text);
  if (!problem) return null;
  if (problem.kind === "malformed")
    return `${label} has a malformed variable: write each variable as {{variable_name}}, e.g. {{customer_first_name}}`;
  const list = problem.names.map((n) => `{{${n}}}`).join(", ");
  return problem.names.length === 1
    ? `${label} uses an unknown variable ${list}. Use one of the listed variables`
    : `${label} uses unknown variables ${list}. Use the listed variables only`;
}

/** The variables a text uses, in order of first use. */
export function variablesUsed(text: string): MessageVariable[] {
  const used: MessageVariable[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1].trim();
    if (isMessageVariable(name) && !used.includes(name)) used.push(name);
  }
  return used;
}

/**
 * What a missing value becomes at send time: words that keep the sentence readable, or nothing
 * (names, the business phone and links; a line left as a bare label such as "Pay online:" is dropped).
 */
export const MISSING_VALUE_FALLBACKS: Record<MessageVariable, string> = {
  customer_full_name: "",
  customer_first_name: "",
  company_name: "",
  service_address: "your address",
  business_phone: "",
  job_title: "your service",
  technician_full_name: "our technician",
  online_booking_link: "",
  customer_portal_link: "",
  direct_portal_link: "",
  direct_payment_link: "",
  scheduled_date_time: "the scheduled time",
  service_date: "the scheduled date",
};

const present = (value: string | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** A line where a missing value left a gap: single spaces, no space before punctuation, no empty brackets. */
function tidyLine(line: string): string {
  return line
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\(\s*\)|\[\s*\]/g, "")
    .replace(/[ \t]+([,.;:!?)])/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/^[\s,;:.!?-]+/, "")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[\s,;-]+$/, "")
    .trim();
}

/** A line that ends in a label whose value is missing ("... is ready. Pay online:") loses the label's sentence. */
function withoutBareLabel(line: string): string {
  if (!line.endsWith(":")) return line;
  const before = /^(.*[.!?])\s+[^.!?]*:$/.exec(line);
  return before ? before[1] : "";
}

const SENTENCE_START = /(^|[.!?]\s+)$/;

/**
 * The text with each {{variable}} replaced by its value. A missing (or blank) value never shows
 * as {{name}}: it becomes its fallback (MISSING_VALUE_FALLBACKS), and the line it was on is tidied;
 * a label left without its value loses its sentence ("Ready. Pay online:" becomes "Ready."), and a
 * line left empty (or only a label) is dropped. Lines without a missing
 * value are left exactly as written. Unknown names (only in text saved before a check) render empty.
 */
export function renderTemplate(text: string, values: MessageValues): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  for (const line of lines) {
    let missing = false;
    let rendered = "";
    let last = 0;
    for (const match of line.matchAll(TOKEN)) {
      rendered += line.slice(last, match.index);
      last = (match.index ?? 0) + match[0].length;
      const name = match[1].trim();
      const value = isMessageVariable(name) ? values[name] : undefined;
      if (present(value)) {
        rendered += value.trim();
        continue;
      }
      missing = true;
      let fallback = isMessageVariable(name) ? MISSING_VALUE_FALLBACKS[name] : "";
      if (fallback && SENTENCE_START.test(rendered.trimEnd() === "" ? "" : rendered))
        fallback = fallback[0].toUpperCase() + fallback.slice(1);
      rendered += fallback;
    }
    rendered += line.slice(last);
    rendered = rendered.replace(/\{\{|\}\}/g, "");
    if (!missing) {
      out.push(rendered);
      continue;
    }
    const tidy = withoutBareLabel(tidyLine(rendered));
    if (tidy) out.push(tidy);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A paragraph that is only an image, as the campaign email's editor writes it: ![description](address). */
export const IMAGE_LINE = /^!\[([^\]\n]{0,200})\]\(([^()\s]{1,2000})\)$/;

/** The address an image of a message may show from (absolute for an email), or null to leave the line as text. */
export type ImageResolver = (url: string) => string | null;

/**
 * Rendered text as HTML paragraphs: escaped, line breaks kept, web addresses made links; with
 * `images`, a paragraph of one image line (IMAGE_LINE) becomes the image.
 */
export function textToHtml(text: string, linkStyle = "", images?: ImageResolver): string {
  const style = linkStyle ? ` style="${linkStyle}"` : "";
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((paragraph) => {
      const image = images && IMAGE_LINE.exec(paragraph.trim());
      const src = image ? images(image[2]) : null;
      if (image && src)
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(image[1])}" style="display:block;max-width:100%;height:auto;border:0;">`;
      const escaped = escapeHtml(paragraph).replace(LINK, (url) => `<a href="${url}"${style}>${url}</a>`);
      return escaped.split("\n").join("<br>");
    })
    .map((p) => `<p style="margin:0 0 16px 0;">${p}</p>`)
    .join("\n");
}

/* SMS segments: GSM 03.38 (7-bit) text fits 160 characters in one message, 153 per part of a longer
   one; any other character sends the whole text as UCS-2: 70, then 67 per part. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** Characters of the GSM extension table: two of the 160 each. */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

export type SmsEncoding = "GSM-7" | "UCS-2";
export type SmsSegments = {
  encoding: SmsEncoding;
  /** Characters as the network counts them: GSM-7 septets (extension characters count 2) or UCS-2 units. */
  characters: number;
  segments: number;
  /** How many characters one part holds at this length (160 or 153; 70 or 67). */
  perSegment: number;
  /** The characters that moved the text out of GSM-7, once each. */
  nonGsmCharacters: string[];
};

export const SMS_LIMITS = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
} as const;

export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  const nonGsm: string[] = [];
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else if (!nonGsm.includes(char)) nonGsm.push(char);
  }
  const encoding: SmsEncoding = nonGsm.length ? "UCS-2" : "GSM-7";
  const characters = encoding === "GSM-7" ? septets : text.length;
  const limits = SMS_LIMITS[encoding];
  const single = characters <= limits.single;
  return {
    encoding,
    characters,
    segments: characters === 0 ? 0 : single ? 1 : Math.ceil(characters / limits.multi),
    perSegment: single ? limits.single : limits.multi,
    nonGsmCharacters: nonGsm,
  };
}

/** "2 segments (161 characters, GSM-7)" and, for Unicode text, why it counts 70/67. */
export function describeSegments(s: SmsSegments): string {
  const count = `${s.segments} ${s.segments === 1 ? "segment" : "segments"} (${s.characters} ${s.characters === 1 ? "character" : "characters"}`;
  if (s.encoding === "GSM-7") return `${count}; 160 fit in one text, 153 per segment beyond)`;
  const chars = s.nonGsmCharacters.slice(0, 5).join(" ");
  return `${count}; Unicode because of ${chars}: 70 fit in one text, 67 per segment beyond)`;
}

/** Sample values of the preview: the company's own name and phone, made-up customer and visit. */
export function sampleValues(company: {
  businessName: string;
  businessPhone?: string | null;
}): Required<MessageValues> {
  return {
    customer_full_name: "John Smith",
    customer_first_name: "John",
    company_name: company.businessName,
    service_address: "123 Main St, Springfield, IL 62701",
    business_phone: company.businessPhone || "(555) 555-0100",
    job_title: "AC Tune-Up",
    technician_full_name: "Alex Johnson",
    online_booking_link: "https://example.com/online-booking/your-business",
    customer_portal_link: "https://example.com/portal",
    direct_portal_link: "https://example.com/service-visit-details/sample",
    direct_payment_link: "https://example.com/pay/sample",
    scheduled_date_time: "Jun 3rd, 2025 09:00 am",
    service_date: "Jun 3rd, 2025",
  };
}

export { MESSAGE_VARIABLES };
