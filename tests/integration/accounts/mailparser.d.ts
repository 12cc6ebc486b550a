// mailparser 3.9 ships no types; only what the mailer test reads.
declare module "mailparser" {
  export type AddressObject = { text: string };
  export type ParsedMail = {
    subject?: string;
    text?: string;
    html?: string | false;
    to?: AddressObject | AddressObject[];
  };
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>;
}
