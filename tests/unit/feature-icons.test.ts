import fs from "fs";
import path from "path";
import { isFeatureIcon } from "../../src/components/icons/FeatureIcon";

/** Every "icon" named in data/ (values, services, contact cards...), with the file it is in. */
function iconNames(value: unknown, file: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v) => iconNames(v, file, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "icon" && typeof v === "string") out.push([file, v]);
      else iconNames(v, file, out);
    }
  }
  return out;
}

describe("pictograms named in data/", () => {
  const DATA = path.resolve(__dirname, "../../data");
  const named = fs
    .readdirSync(DATA)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => iconNames(JSON.parse(fs.readFileSync(path.join(DATA, f), "utf8")), f));

  it("are found in the data", () => {
    expect(named.length).toBeGreaterThan(20);
  });

  it("are all drawn (FeatureIcon draws nothing for an unknown name)", () => {
    expect(named.filter(([, name]) => !isFeatureIcon(name))).toEqual([]);
  });
});
