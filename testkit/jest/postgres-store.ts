/**
 * Set-up file of the "integration postgres" jest project: the
 * store-independent contract files run on the PostgreSQL store
 * (testkit/contract-app.ts reads CONTRACT_STORE when a test file loads it).
 */
process.env.CONTRACT_STORE = "postgres";
