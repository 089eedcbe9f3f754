/**
 * The library's part of the build (gatsby-node.ts): createLibraryPage in
 * createPages makes the records, with the sizes of the documents written by
 * the build's own writer, and the /downloads page; checkLibraryFiles in
 * onPostBuild fails the build when a file in public/ is missing or differs in
 * size from what the page shows.
 */
import { CATALOGUE_ASSETS_QUERY, catalogueAssetsQuery, type CatalogueAssetsData } from "../build/catalogue-assets";
import { libraryDocuments, libraryOptions, libraryProblems, type LibraryDocument } from "./records";
import { measureDocuments, sizeFrom, sizeMismatches } from "./sizes";
import { LANGS, localePath } from "../shared/i18n/lang";

export const LIBRARY_PATH = "/downloads";

interface BuildArgs {
  graphql: <T>(query: string) => Promise<{ errors?: unknown; data?: T }>;
  actions: { createPage: (page: { path: string; component: string; context: Record<string, unknown> }) => void };
  reporter: { info(message: string): void; warn(message: string): void; panicOnBuild(message: string, error?: unknown): void };
}

/** What the page was made with, checked against public/ once the files are written. */
let listed: LibraryDocument[] | null = null;

/** `component`: the absolute path of DownloadsLibraryPage.tsx (gatsby-node.ts knows the project's folder). */
export async function createLibraryPage({ graphql, actions, reporter, component }: BuildArgs & { component: string }): Promise<void> {
  const result = await graphql<CatalogueAssetsData>(CATALOGUE_ASSETS_QUERY);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data for the document library", result.errors);
    return;
  }
  const sizes = await measureDocuments(result.data, reporter);
  const documents = libraryDocuments(result.data, sizeFrom(sizes));
  const problems = libraryProblems(documents);
  if (problems.length > 0) {
    reporter.panicOnBuild(`Document library: ${problems.join("; ")}`);
    return;
  }
  listed = documents;
  // The same files on both pages (the PDFs are in English); each page names them, their products and categories in its language.
  for (const lang of LANGS) {
    let records = documents;
    if (lang !== "en") {
      const translated = await graphql<CatalogueAssetsData>(catalogueAssetsQuery(lang));
      if (translated.errors || !translated.data) {
        reporter.panicOnBuild(`Could not read the ${lang} data for the document library`, translated.errors);
        return;
      }
      records = libraryDocuments(translated.data, sizeFrom(sizes));
    }
    actions.createPage({
      path: localePath(lang, LIBRARY_PATH),
      component,
      context: { lang, documents: records, options: libraryOptions(records) },
    });
  }
  reporter.info(`Document library: ${documents.length} documents`);
}

export function checkLibraryFiles(publicDir: string, reporter: BuildArgs["reporter"]): void {
  if (!listed) return;
  const mismatches = sizeMismatches(listed, publicDir);
  if (mismatches.length > 0) reporter.panicOnBuild(`Document library: the page does not match the built files: ${mismatches.join("; ")}`);
}
