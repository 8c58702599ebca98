/** The languages of the service, French first (the default): what every message is declared in (core/error-codes.ts). */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
