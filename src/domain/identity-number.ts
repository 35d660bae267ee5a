// A whole identity number (Aadhaar, passport) is never stored or logged: of a document this server keeps
// its type and last 4 characters at most. Phone apps send the whole number anyway (the reference app
// requires a 12-digit Aadhaar and sends it whole, issue 46), so it is accepted and cut to that before it
// reaches anything that writes or logs; text that holds an Aadhaar-shaped number keeps only its last 4.

/** Field names a phone app may send a whole document number under, with the document each one names. */
export const WHOLE_ID_FIELDS = {
  aadhaar: 'aadhaar',
  aadhaarNumber: 'aadhaar',
  passportNumber: 'passport',
  /** These name no document: the body's idType says which, else `other`. */
  idNumber: undefined,
  documentNumber: undefined,
  idDocumentNumber: undefined,
  kycNumber: undefined,
} as const;
export type WholeIdField = keyof typeof WHOLE_ID_FIELDS;
export const wholeIdFields = Object.keys(WHOLE_ID_FIELDS) as WholeIdField[];

const documentCharacters = (typed: string): string => typed.replace(/[^A-Za-z0-9]/g, '');

/** The last 4 letters or digits of a document number; null when it holds fewer. */
export function lastFourOf(whole: string): string | null {
  const characters = documentCharacters(whole);
  return characters.length >= 4 ? characters.slice(-4) : null;
}

/** More than the last 4: a whole number, sent where only the last 4 belong. */
export const holdsMoreThanLastFour = (typed: string): boolean => documentCharacters(typed).length > 4;

/** 12 digits, with or without the usual spaces or dashes: the shape of a whole Aadhaar number. */
const AADHAAR_SHAPED = /\d{4}[\s-]?\d{4}[\s-]?\d{4}/g;

/** The text with every Aadhaar-shaped number in it cut to its last 4 digits (`XXXX XXXX 0123`). */
export const withoutAadhaarNumbers = (text: string): string =>
  text.replace(AADHAAR_SHAPED, (whole) => `XXXX XXXX ${whole.slice(-4)}`);

const DOCUMENT_NAMES: Record<string, string> = { aadhaar: 'Aadhaar number', passport: 'passport number' };

/** What an answer says when it cut a whole number: that it kept only the type and last 4, and which. */
export function keptOnlyNotice(type: string, last4: string | null): string {
  const document = DOCUMENT_NAMES[type] ?? 'identity document number';
  const kept = last4 === null ? 'only its type is kept' : `only its type and last 4 characters (${last4}) are kept`;
  return `The whole ${document} was not stored or logged: ${kept}.`;
}
