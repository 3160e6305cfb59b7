import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's second recommended profile: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** The hash of an account nobody signs in to or resets (the demo account): no password matches it. */
export const LOCKED_PASSWORD_HASH = '!locked';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified against when an account is unknown, so timing does not tell which e-mails exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
