/**
 * Set-up of the "contract postgres" jest project: the store-independent
 * contract files run on the PostgreSQL store (tests/contract/helpers.ts
 * reads CONTRACT_STORE before the tests load it).
 */
process.env.CONTRACT_STORE = "postgres";
