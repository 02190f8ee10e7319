import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;

function totpFor(secret: string, issuer = 'Encanto', label = 'cuenta'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret in base32, the form authenticator apps accept typed in by hand. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * The 30-second step a 6-digit code belongs to, accepting one step either side for clock drift;
 * null when it matches none. The caller compares the step with the last one used (replay).
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** The enrolment data: the otpauth:// URL apps read and the same as a QR code (SVG markup). */
export async function enrolmentData(secret: string, issuer: string, label: string) {
  const url = totpFor(secret, issuer, label).toString();
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secreto: secret, otpauth_url: url, qr_svg: svg };
}
