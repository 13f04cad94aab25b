import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'Backoffice';
const PERIOD = 30;

export const newTotpSecret = () => generateSecret();

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** data:image/png;base64,... of the otpauth URL. */
export const qrDataUrl = (url: string) =>
  QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

/**
 * Checks a 6-digit code with a window of one step either side. Returns the matched time-step, or
 * null when the code is wrong or belongs to a step not after `afterStep` (replay).
 */
export async function verifyTotp(
  secret: string,
  token: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: PERIOD,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
