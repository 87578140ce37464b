import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2; its const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes); about 11 ms a hash on this machine.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the phone has no account, so a wrong phone costs the same time as a wrong
 * password and sign-in does not reveal which phones are registered.
 */
let dummyHash: Promise<string> | undefined;
export function getDummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('vmeste-no-such-account');
  return dummyHash;
}
