/** `%term%` for LIKE/ILIKE, the term's own %, _ and \ matched literally (a search box's text). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
