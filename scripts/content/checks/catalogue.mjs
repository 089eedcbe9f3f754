/**
 * The catalogue holds together: each product and category file is named
 * after its address (slug); a product's category exists (its page shows the
 * products its file lists, in that order, then the other products of the
 * category by name: gatsby-node.ts); every product a category lists exists and
 * belongs to it; the default product of data/product-ui.json exists; a
 * product's drawn pictures and tool drawings are among those the site draws
 * (scripts/assets/images/); a form file is named after its form and every
 * form a training card opens has its words.
 */
import path from "node:path";
import { drawnNames } from "../lib/drawn.mjs";
import { fieldName } from "../lib/schemas.mjs";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const stem = (file) => path.basename(file, ".json");

export default async function check({ files }) {
  const problems = [];
  const drawn = await drawnNames();
  const products = new Map();
  const categories = new Map();
  for (const [file, { data }] of files) {
    if (!isObject(data)) continue;
    if (file.startsWith("data/products/")) products.set(stem(file), { file, data });
    if (file.startsWith("data/categories/")) categories.set(stem(file), { file, data });
  }
  for (const [slug, { file, data }] of [...products, ...categories]) {
    if (typeof data.slug === "string" && data.slug !== slug) problems.push({ file, pointer: "/slug", message: `\`slug\` is "${data.slug}" but the file is named ${slug}.json: the address and the file name must be the same (rename the file or change the slug)` });
  }
  for (const { file, data } of products.values()) {
    const category = categories.get(data.category);
    if (typeof data.category === "string" && !category) {
      problems.push({ file, pointer: "/category", message: `\`category\` is "${data.category}", which is not a category: the categories are ${[...categories.keys()].join(", ")} (data/categories/)` });
    }
    if (Array.isArray(data.imageIds)) {
      const ids = [...drawn].map((name) => /^products\/(\d+)\.png$/.exec(name)?.[1]).filter(Boolean).map(Number);
      const range = ids.length > 0 ? ` (it draws ${Math.min(...ids)} to ${Math.max(...ids)})` : "";
      data.imageIds.forEach((id, i) => {
        if (Number.isInteger(id) && id >= 1 && !drawn.has(`products/${id}.png`)) problems.push({ file, pointer: `/imageIds/${i}`, message: `\`imageIds[${i}]\` is ${id}, and the site has no drawn product picture ${id}${range}` });
      });
    }
    if (Array.isArray(data.tabs)) {
      data.tabs.forEach((tab, t) => {
        if (!isObject(tab) || !Array.isArray(tab.tools)) return;
        tab.tools.forEach((tool, n) => {
          if (isObject(tool) && typeof tool.drawing === "string" && !drawn.has(tool.drawing)) {
            const pointer = `/tabs/${t}/tools/${n}/drawing`;
            problems.push({ file, pointer, message: `\`${fieldName(pointer, data)}\` is "${tool.drawing}", which is not one of the site's drawings` });
          }
        });
      });
    }
  }
  for (const [slug, { file, data }] of categories) {
    if (!Array.isArray(data.products)) continue;
    const seen = new Set();
    data.products.forEach((name, i) => {
      if (typeof name !== "string") return;
      const pointer = `/products/${i}`;
      const product = products.get(name);
      if (seen.has(name)) problems.push({ file, pointer, message: `\`products[${i}]\`: "${name}" is listed twice` });
      else if (!product) problems.push({ file, pointer, message: `\`products[${i}]\`: there is no product "${name}" (no data/products/${name}.json)` });
      else if (product.data.category !== slug) problems.push({ file, pointer, message: `\`products[${i}]\`: "${name}" belongs to the category "${product.data.category}" (its \`category\`), not to this one` });
      seen.add(name);
    });
  }
  const ui = files.get("data/product-ui.json")?.data;
  if (isObject(ui) && typeof ui.defaultProduct === "string" && !products.has(ui.defaultProduct)) {
    problems.push({ file: "data/product-ui.json", pointer: "/defaultProduct", message: `\`defaultProduct\` is "${ui.defaultProduct}", and there is no such product (data/products/)` });
  }
  const forms = new Set();
  for (const [file, { data }] of files) {
    if (!file.startsWith("data/forms/") || !isObject(data)) continue;
    forms.add(stem(file));
    if (typeof data.form === "string" && data.form !== stem(file)) problems.push({ file, pointer: "/form", message: `\`form\` is "${data.form}" but the file is named ${stem(file)}.json: they must be the same` });
  }
  const trainings = files.get("data/trainings.json")?.data;
  if (isObject(trainings) && Array.isArray(trainings.cards)) {
    trainings.cards.forEach((card, i) => {
      if (isObject(card) && typeof card.form === "string" && !forms.has(card.form)) {
        problems.push({ file: "data/trainings.json", pointer: `/cards/${i}/form`, message: `\`cards[${i}].form\` is "${card.form}", and there is no data/forms/${card.form}.json` });
      }
    });
  }
  return problems;
}
