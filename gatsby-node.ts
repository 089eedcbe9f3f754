import type { GatsbyNode } from "gatsby";
import fs from "fs";
import path from "path";

const SCHEMA_DIR = path.resolve(__dirname, "src/schema");

/**
 * Node types for every file in data/, written in GraphQL SDL under
 * src/schema/. Types are declared with @dontInfer and non-null fields, so a
 * data file that lacks a field fails the build rather than rendering empty.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  const files = fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .sort();
  for (const file of files) {
    actions.createTypes(fs.readFileSync(path.join(SCHEMA_DIR, file), "utf8"));
  }
};

/** /home is the white-header variant's logo target: it leads to the home page. */
export const createPages: GatsbyNode["createPages"] = ({ actions }) => {
  actions.createRedirect({ fromPath: "/home", toPath: "/", isPermanent: true, redirectInBrowser: true });
};
