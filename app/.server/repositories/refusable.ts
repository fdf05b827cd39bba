/**
 * A transaction that may refuse: `refuse(result)` ends it and rolls back everything it wrote —
 * the touch of the enrollment row that queues concurrent saves among them — and the call returns
 * `result`. A refused post changes nothing (issue 16), not even an updated_at.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/connection";
import type { Database } from "../db/schema";

class Refusal {
  constructor(readonly result: unknown) {}
}

export async function refusableTransaction<T>(
  db: DB,
  run: (trx: Transaction<Database>, refuse: (result: T) => never) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute((trx) =>
      run(trx, (result) => {
        throw new Refusal(result);
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.result as T;
    throw error;
  }
}
