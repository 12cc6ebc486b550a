/** An ILIKE pattern matching `query` anywhere, with the user's % and _ taken literally. */
export function containsPattern(query: string): string {
  return `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
