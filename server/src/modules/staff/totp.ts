import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits, 30 s), through otplib. A code is
 * accepted one step either side of now (a phone's clock drifts); the repository then refuses a
 * step at or before the last one accepted, so each code works once.
 */
const TOTP_ISSUER = 'Wholesale Portal back office';
const TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export async function enrolment(secret: string, username: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  return { otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 }) };
}

/** The time step a 6-digit code matches, or undefined. */
export async function matchTotp(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const epoch = Math.floor(Date.now() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  // `delta` is how many periods from now's the code matched in.
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : undefined;
}
