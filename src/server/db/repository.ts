import type { Database, DbExecutor } from './client.ts';

/** What every repository factory receives. */
export interface RepositoryDeps {
  db: Database;
}

/** A repository's methods on the pool, and `in(tx)`: the same methods inside a transaction. */
export type Repository<Methods extends object> = Methods & {
  in(executor: DbExecutor): Methods;
};

/**
 * Builds a repository factory of the one shape (`createXRepository({ db })`, see
 * app-context.ts). Repositories are the only modules that write SQL (an ESLint rule keeps it so);
 * a service that changes several tables at once opens a transaction and calls `repo.in(tx)` so
 * that the change and, say, its audit entry are written together or not at all.
 */
export function defineRepository<Methods extends object>(
  build: (executor: DbExecutor) => Methods,
): (deps: RepositoryDeps) => Repository<Methods> {
  return ({ db }) => ({ ...build(db), in: (executor) => build(executor) });
}

/** Runs `work` in one database transaction: everything it writes lands, or nothing does. */
export type TransactionRunner = <T>(work: (tx: DbExecutor) => Promise<T>) => Promise<T>;

export const createTransactionRunner =
  ({ db }: RepositoryDeps): TransactionRunner =>
  (work) =>
    db.transaction(work);
