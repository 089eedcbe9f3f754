/**
 * The data's picture fields: every field of the GraphQL types in src/schema/
 * that names a picture file (`File` linked by its path, such as a page's
 * `image` or a consumable tool's `drawing`). gatsby-node.ts resolves each
 * through the company's folder first (src/shared/utils/media.ts pictureFile),
 * so a picture field added to the schema later is looked up the same way.
 */
import { parse, Kind, type TypeNode } from "graphql";

/** Types whose pictures are client logos (data/media/logos/); every other picture is a page picture (data/media/pictures/). */
const LOGO_TYPES = new Set(["HomeLogo"]);

export interface PictureField {
  type: string;
  field: string;
  folder: "pictures" | "logos";
  list: boolean;
}

function named(type: TypeNode): { name: string; list: boolean } {
  if (type.kind === Kind.NON_NULL_TYPE) return named(type.type);
  if (type.kind === Kind.LIST_TYPE) return { ...named(type.type), list: true };
  return { name: type.name.value, list: false };
}

/** The picture fields declared in these SDL texts: fields of type File (or [File]) with @link. */
export function pictureFields(sdl: readonly string[]): PictureField[] {
  const found: PictureField[] = [];
  for (const text of sdl) {
    for (const definition of parse(text).definitions) {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
      for (const field of definition.fields ?? []) {
        const { name, list } = named(field.type);
        if (name !== "File" || !field.directives?.some((d) => d.name.value === "link")) continue;
        const type = definition.name.value;
        found.push({ type, field: field.name.value, folder: LOGO_TYPES.has(type) ? "logos" : "pictures", list });
      }
    }
  }
  return found;
}
