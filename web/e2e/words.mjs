// The English catalogue for tests that import the client's modules in
// Node.js (no server to fetch it from): the files of locales/en/common and
// web, one after another, as the server serves them.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { useCatalogue } from "../src/catalogue.js";

const LOCALES = resolve(dirname(fileURLToPath(import.meta.url)), "../../locales");

/** A language's browser catalogue, as one text. @param {string} language */
export function catalogueText(language) {
  return ["common", "web"]
    .flatMap((part) => {
      const dir = join(LOCALES, language, part);
      return readdirSync(dir)
        .filter((name) => name.endsWith(".ftl"))
        .sort()
        .map((name) => readFileSync(join(dir, name), "utf8"));
    })
    .join("\n");
}

/** Uses `language`'s catalogue (English by default) in this Node.js process. */
export function useWords(language = "en") {
  useCatalogue(language, catalogueText(language), language === "en" ? undefined : catalogueText("en"));
}
