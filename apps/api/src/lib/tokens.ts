import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 4-digit provisional code, uniformly random. */
export function randomCode(digits = 4): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
