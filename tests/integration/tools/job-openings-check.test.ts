/**
 * The content:check module of the job openings
 * (scripts/content/checks/job-openings.mjs), run as the checker runs it: an ES
 * module in its own Node process, given the data files. It passes the
 * openings of data/careers.json and names the field of each mistake.
 */
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";
import { promisify } from "util";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const MODULE = pathToFileURL(path.join(ROOT, "scripts", "content", "checks", "job-openings.mjs")).href;
const careers = JSON.parse(fs.readFileSync(path.join(ROOT, "data", "careers.json"), "utf8"));
type Role = Record<string, unknown>;

/** The module's answer for data/careers.json with these roles. */
async function check(roles: Role[]): Promise<{ file: string; pointer: string; message: string }[]> {
  const data = { ...careers, openings: { ...careers.openings, roles } };
  const script = `
    const { default: check } = await import(${JSON.stringify(MODULE)});
    const data = JSON.parse(process.argv[1]);
    const files = new Map([["data/careers.json", { data, text: JSON.stringify(data, null, 2) + "\\n" }]]);
    console.log(JSON.stringify(await check({ root: ${JSON.stringify(ROOT)}, files })));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(data)], { cwd: ROOT });
  return JSON.parse(stdout);
}

it("passes the openings of data/careers.json", async () => {
  expect(await check(careers.openings.roles)).toEqual([]);
});

it("refuses a location without its country and a validThrough before datePosted, naming the file and field", async () => {
  const [first] = careers.openings.roles as Role[];
  const problems = await check([first, { ...first, location: "Ruwais" }, { ...first, datePosted: "2026-12-01", validThrough: "2026-11-30" }, { ...first, location: "Ruwais, United Arab Emirates", validThrough: "2027-01-31" }]);
  expect(problems).toEqual([
    { file: "data/careers.json", pointer: "/openings/roles/1/location", message: expect.stringContaining('"Ruwais"') },
    { file: "data/careers.json", pointer: "/openings/roles/2/validThrough", message: expect.stringContaining("before it was posted") },
  ]);
});
