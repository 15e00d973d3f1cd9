import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { randomToken } from './tokens';

/**
 * Human passwords are hashed with argon2id at OWASP's minimum recommended parameters (19 MiB, 2 passes,
 * 1 lane): ~20 ms here, so a burst of logins cannot starve the server, yet far too slow to brute force.
 * `Algorithm` is an ambient const enum, which isolated modules cannot reference; 2 is Argon2id.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be parsed (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification and answers false. Called for unknown emails, so the answer
 * time of a login does not reveal whether an account exists.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken(24));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when a stored hash was made with other parameters than today's, so it is upgraded at next login. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      options.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      options.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      options.parallelism !== PASSWORD_HASH_OPTIONS.parallelism ||
      options.outputLen !== PASSWORD_HASH_OPTIONS.outputLen
    );
  } catch {
    return true;
  }
}
