import path from "path";

/**
 * The folder the server reads its own files from (the contract, the forms'
 * rules, the inboxes, the catalogue, the form words, .nvmrc, release.json):
 * dist/ when compiled (npm run build:server bakes them there, and a release
 * holds that dist/), the repository's root when the sources run through
 * ts-jest. The compiled server reads nothing of the source tree.
 */
export const APP_ROOT = path.resolve(__dirname, "..");
