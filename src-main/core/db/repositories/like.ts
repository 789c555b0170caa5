// A LIKE pattern that matches the text anywhere, with the user's % _ \ taken literally (ESCAPE '\').
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
