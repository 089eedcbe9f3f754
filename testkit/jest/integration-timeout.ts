/**
 * Set-up file of the integration projects: their tests start the real app on
 * a real database (a PostgreSQL schema migrated, SQLite files written and
 * synced), which on a busy machine takes longer than jest's 5 s default; each
 * test gets 30 s (a file may set more).
 */
jest.setTimeout(30_000);
