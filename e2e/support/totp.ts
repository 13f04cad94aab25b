import { createHmac } from 'node:crypto';

const PERIOD_S = 30;

/** RFC 4648 base32 (no padding needed) to bytes. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const timeStep = (nowMs = Date.now()) => Math.floor(nowMs / 1000 / PERIOD_S);

/** RFC 6238 TOTP: HMAC-SHA-1, 30 s steps, 6 digits (RFC 4226 dynamic truncation). */
export function totp(secret: string, step = timeStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code of a time step after `usedStep` (the API refuses a step it already accepted). The API accepts
 * one step either side of its clock (drift), so the next step's code is good at once; only a third use
 * within one step waits for the next step boundary. Returns the code and its step.
 */
export async function freshCode(
  secret: string,
  usedStep: number | null,
): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = timeStep();
    const step = usedStep === null ? now : Math.max(now, usedStep + 1);
    if (step <= now + 1) return { code: totp(secret, step), step };
    const nextBoundary = (now + 1) * PERIOD_S * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, nextBoundary - Date.now() + 50)));
  }
}
