import { hash, verify } from '@node-rs/argon2';

// argon2id at the OWASP ASVS minimum: the library's defaults are below it (docs/architecture.md#chosen-parts).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified when the user does not exist so both paths cost the same. */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$gCSlnOHhrzacLJE+eE8CHg$w8fxEp4t53cqejTdj+MruRuw0/iicCGheQJSCUXa2V4';
