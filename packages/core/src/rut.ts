/** How a Chilean RUT is written: 12.345.678-K, dots and hyphen optional. Anything else is not a RUT. */
export const RUT_SHAPE = /^\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK]$/;

/** A passport number as printed in its machine-readable zone: letters and digits, at least one digit. */
const PASSPORT_SHAPE = /^(?=.*\d)[A-Za-z0-9]+$/;

/** Uppercase digits and K only: '12.345.678-k' -> '12345678K'. */
export function normalizeRut(value: string): string {
  return value.toUpperCase().replace(/[^0-9K]/g, '');
}

/** Módulo 11 check digit for the numeric body of a RUT. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

export function isValidRut(value: string): boolean {
  const clean = normalizeRut(value);
  if (!/^\d{7,8}[0-9K]$/.test(clean)) return false;
  return rutCheckDigit(clean.slice(0, -1)) === clean.slice(-1);
}

/** '123456785' -> '12.345.678-5'. */
export function formatRut(value: string): string {
  const clean = normalizeRut(value);
  if (clean.length < 2) return clean;
  const body = clean.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${clean.slice(-1)}`;
}

/**
 * What the escort form lets through while typing 'RUT o Pasaporte': letters, digits, dots and hyphen,
 * uppercased (a passport has letters; decision 0145). Spaces and symbols never reach the field.
 */
export function filterIdInput(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z.-]/g, '');
}

/**
 * A client's ID: a value written like a RUT must be a valid RUT (check digit
 * included), as for escorts; any other value must look like a passport number.
 */
export function isValidClientId(value: string): boolean {
  return RUT_SHAPE.test(value) ? isValidRut(value) : PASSPORT_SHAPE.test(value);
}
