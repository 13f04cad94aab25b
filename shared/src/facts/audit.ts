// Audit facts. Zod-free: the contract, the API and the consoles import them.

/** Why a sign-in was refused (a refusal of the rate limiter, 429, is not recorded). */
export const signInFailureReasons = ['unknown-email', 'wrong-password', 'wrong-code', 'blocked'] as const;
export type SignInFailureReason = (typeof signInFailureReasons)[number];

/** Whom failed sign-ins are counted for: the account an e-mail named, or the client IP for one naming none. */
export const signInFailureSubjects = ['account', 'ip'] as const;
