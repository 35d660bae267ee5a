// Telephone numbers a control room dials from anywhere (issue 34 point 8): E.164, a `+`, the country code
// and the subscriber number, 8 to 15 digits in all. An admin may type the spaces, dashes, dots and brackets
// a number is usually written with; they are dropped before the check, and the number is stored bare.

export const E164_RULE = 'a + followed by 8 to 15 digits (E.164, e.g. +91 364 222 2122); spaces, dashes and brackets are allowed';

/** The number without the separators people type; unchanged when it holds anything else. */
export const withoutSeparators = (typed: string): string => typed.trim().replace(/[\s().-]/g, '');

export const isE164 = (phone: string): boolean => /^\+[1-9][0-9]{7,14}$/.test(phone);

/** The stored form of a typed number, or undefined when it is not an E.164 number. */
export function normalisePhone(typed: string): string | undefined {
  const bare = withoutSeparators(typed);
  return isE164(bare) ? bare : undefined;
}
