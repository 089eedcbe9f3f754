import fs from "fs";
import path from "path";
import { breadcrumbList, jsonLdText, keySpecifications, organization, product } from "../../src/utils/structured-data";

const company = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../data/company.json"), "utf8"));
const readProduct = (slug: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../data/products/${slug}.json`), "utf8"));

describe("structured data", () => {
  it("describes the organisation from the company data", () => {
    const org = organization(company, ["https://www.linkedin.com/"]);
    expect(org).toMatchObject({ "@type": "Organization", name: company.name, url: company.siteUrl, email: company.email });
  });

  it("numbers breadcrumbs from 1 with absolute URLs", () => {
    const list = breadcrumbList("https://www.example.com/", [
      { name: "Home", path: "/" },
      { name: "Fluid Transfer", path: "/fluid-transfer" },
      { name: "Top Loading Arms", path: "/top-loading-arms" },
    ]);
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.example.com" },
      { "@type": "ListItem", position: 2, name: "Fluid Transfer", item: "https://www.example.com/fluid-transfer" },
      { "@type": "ListItem", position: 3, name: "Top Loading Arms", item: "https://www.example.com/top-loading-arms" },
    ]);
  });

  it("gives a product its key specifications as the page shows them, never a figure not given", () => {
    const data = readProduct("torque-pump");
    const specs = keySpecifications({ ...data, categoryName: "Bolting" });
    const pressure = specs.find((s) => /pressure/i.test(s.name));
    expect(pressure?.value).toBe("700 bar");
    expect(specs.every((s) => s.value !== "—")).toBe(true);
    const ld = product(company.siteUrl, company, { ...data, categoryName: "Bolting", image: "/assets/images/9.png" });
    expect(ld).toMatchObject({ "@type": "Product", name: data.name, image: `${company.siteUrl}/assets/images/9.png` });
  });

  it("cannot be closed early by text in the data", () => {
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
