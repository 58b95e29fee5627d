/**
 * The named argon2id costs a server may hash passwords with (PASSWORD_HASH_COST, docs/server.md).
 * Verifying reads the cost from the stored PHC string, so a hash made at either cost checks out
 * under both; only what is written changes.
 */
export const PASSWORD_HASH_COSTS = {
  /**
   * OWASP's first recommended argon2id profile (19 MiB memory, 2 passes, 1 lane): about 20-40 ms
   * per hash on one core, so sign-in stays quick and seeding the demo's accounts takes well under
   * a second, while each guess costs an attacker the same 19 MiB.
   */
  production: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /**
   * Still a well-formed argon2id PHC hash, but about a hundredth of the work, so a test suite that
   * only needs signed-in people does not pay the production cost for each account. Production
   * refuses it at start (server/config.ts): a guess against such a hash is nearly free.
   */
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

export const PASSWORD_HASH_COST_NAMES = Object.keys(PASSWORD_HASH_COSTS) as readonly PasswordHashCost[];
