import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (m=19 MiB, t=2, p=1): the OWASP baseline. */
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email) it still runs one argon2 verification
 * against a dummy hash, so the answer time does not reveal whether the account exists.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
