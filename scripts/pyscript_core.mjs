// PyScript's core chunk, node_modules/@pyscript/core/dist/core-*.js: the JavaScript that also carries PyScript's
// own Python, as strings. scripts/modules.mjs compiles PyScript's package from it; scripts/snapshot.mjs reads
// the modules its Python imports.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "@pyscript", "core", "dist");

// {name, text} of the one core chunk; an error if PyScript ships none or several (it changed: see the callers).
export function pyscriptCore() {
  const chunks = readdirSync(DIST).filter((name) => /^core-.*\.js$/.test(name));
  if (chunks.length !== 1) {
    throw new Error(`${DIST}: ${chunks.length} core-*.js chunks, not one: PyScript changed, see scripts/pyscript_core.mjs`);
  }
  return { name: chunks[0], text: readFileSync(resolve(DIST, chunks[0]), "utf8") };
}
