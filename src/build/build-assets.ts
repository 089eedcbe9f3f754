import fs from "fs";
import path from "path";

/** Where the list is written, beside webpack.stats.json (a build internal the server never sends). */
export const BUILD_ASSETS_FILE = "webpack.assets.json";

/**
 * The files of one webpack build, written to public/webpack.assets.json for
 * the service worker's precache list (scripts/build/service-worker.mjs).
 *
 * Gatsby does not empty public/, so the folder also holds the scripts of
 * older builds, and webpack.stats.json lists the named chunk groups only, not
 * the chunks they load on demand (the forms' API client, the proof of work).
 * This list is the compilation's own: every file it emitted, and for each
 * named chunk group (the entry "app", each page component, each named lazy
 * chunk) its files together with those of every chunk it may load later.
 * Page components are groups of their own: a group's list stops there (the
 * entry loads every page component on demand; only the precached pages'
 * components are wanted).
 */
export interface BuildAssets {
  /** The compilation's hash (what Gatsby calls the webpack compilation hash). */
  hash: string;
  /** Every file the compilation emitted. */
  assets: string[];
  /** For each named chunk group: its files and those of the chunks it loads on demand. */
  groups: Record<string, string[]>;
}

/** The parts of webpack's types this plugin reads (webpack is Gatsby's, not a dependency of the site). */
interface ChunkGroupLike {
  name?: string | null;
  chunks: { files: Iterable<string> }[];
  childrenIterable: Iterable<ChunkGroupLike>;
  asyncEntrypointsIterable?: Iterable<ChunkGroupLike>;
}
interface CompilationLike {
  hash?: string;
  chunkGroups: ChunkGroupLike[];
  getAssets(): readonly { name: string }[];
}
interface CompilerLike {
  hooks: { afterEmit: { tap(name: string, run: (compilation: CompilationLike) => void): void } };
}

const isPageComponent = (group: ChunkGroupLike) => Boolean(group.name?.startsWith("component---"));

function filesOf(start: ChunkGroupLike): string[] {
  const files = new Set<string>();
  const seen = new Set<ChunkGroupLike>();
  const visit = (group: ChunkGroupLike) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
    for (const child of [...group.childrenIterable, ...(group.asyncEntrypointsIterable ?? [])]) if (!isPageComponent(child)) visit(child);
  };
  visit(start);
  return [...files].sort();
}

export class BuildAssetsPlugin {
  constructor(private readonly publicDir: string) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.afterEmit.tap("BuildAssetsPlugin", (compilation) => {
      const groups: Record<string, string[]> = {};
      for (const group of compilation.chunkGroups) if (group.name) groups[group.name] = filesOf(group);
      const list: BuildAssets = {
        hash: compilation.hash ?? "",
        assets: compilation
          .getAssets()
          .map((asset) => asset.name)
          .sort(),
        groups,
      };
      fs.mkdirSync(this.publicDir, { recursive: true });
      fs.writeFileSync(path.join(this.publicDir, BUILD_ASSETS_FILE), JSON.stringify(list));
    });
  }
}
