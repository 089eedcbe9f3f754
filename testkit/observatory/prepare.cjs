/**
 * After `npm ci --ignore-scripts` of this folder (npm run observatory:install):
 * the files the observatory's own install script would have downloaded and its
 * scanner reads. Its HSTS preload list is left empty: the site under test is on
 * no preload list, and its grade must come from its own headers. Its CA bundle
 * is not needed: the scan trusts the test's certificate (NODE_EXTRA_CA_CERTS).
 */
const fs = require("fs");
const path = require("path");

const conf = path.join(__dirname, "node_modules", "@mdn", "mdn-http-observatory", "conf");
if (!fs.existsSync(conf)) throw new Error(`${conf} is missing: run npm run observatory:install`);
const preload = path.join(conf, "hsts-preload.json");
if (!fs.existsSync(preload)) fs.writeFileSync(preload, "{}\n");
