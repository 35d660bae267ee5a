// Telephone numbers as people type them (issue 46 point 3), stored in the one form a control room dials from
// anywhere and a gateway accepts: E.164, a `+`, the country code and the subscriber number (issue 34 point 8).
// The spaces, dashes, dots and brackets a number is written with are dropped; `00` is the international
// prefix; a number without a country code is read as an Indian one (10 digits, with or without the trunk
// 0 or 91): every region this server seeds is Indian, and regions carry no country. Only what cannot be
// a number is refused. The regions' emergency contacts (112, 100, 1070) are short numbers dialled only
// locally: they keep their own rule (src/api/regions.ts).

/** The country a number without its code is read in: India. */
export const NATIONAL_COUNTRY_CODE = '91';
/** India's numbers hold 10 digits after the country code (mobiles and landlines with their trunk code). */
const NATIONAL_DIGITS = 10;

export const PHONE_RULE =
  'a phone number: with its country code (+44 20 7946 0958), or an Indian number with or without +91 or the leading 0 ' +
  '(98765 43210, 0364 222 2122); spaces, dashes, dots and brackets are allowed';

const SEPARATORS = /[\s().\u2010-\u2015-]/g;

export const isE164 = (phone: string): boolean => /^\+[1-9][0-9]{6,14}$/.test(phone);

function fromNational(digits: string): string | undefined {
  const national =
    digits.length === NATIONAL_DIGITS + 1 && digits.startsWith('0')
      ? digits.slice(1)
      : digits.length === NATIONAL_DIGITS + NATIONAL_COUNTRY_CODE.length && digits.startsWith(NATIONAL_COUNTRY_CODE)
        ? digits.slice(NATIONAL_COUNTRY_CODE.length)
        : digits;
  return national.length === NATIONAL_DIGITS && !national.startsWith('0')
    ? `+${NATIONAL_COUNTRY_CODE}${national}`
    : undefined;
}

/** `+91 098765 43210`: the trunk 0 typed after the country code is not dialled. */
function withoutTrunkZero(international: string): string {
  const trunk = `${NATIONAL_COUNTRY_CODE}0`;
  return international.startsWith(trunk) && international.length === trunk.length + NATIONAL_DIGITS
    ? NATIONAL_COUNTRY_CODE + international.slice(trunk.length)
    : international;
}

/** The stored form of a typed number (`+919876543210`), or undefined when it cannot be a phone number. */
export function normalisePhone(typed: string): string | undefined {
  const bare = typed.trim().replace(SEPARATORS, '');
  const international = bare.startsWith('+') ? bare.slice(1) : bare.startsWith('00') ? bare.slice(2) : undefined;
  if (international === undefined) return /^[0-9]+$/.test(bare) ? fromNational(bare) : undefined;
  const e164 = `+${withoutTrunkZero(international)}`;
  return isE164(e164) ? e164 : undefined;
}
