import type { Database } from '../../db/client';

/** What readiness asks the database: whether it answers, and whether this process hears its announcements. */
export function createHealthRepository(database: Pick<Database, 'ping' | 'listening'>) {
  return {
    /** Rejects when the database does not answer. */
    ping: () => database.ping(),
    /** Whether the notification listener is connected (always true on PGlite). */
    listening: () => database.listening(),
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
