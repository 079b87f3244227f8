// No English sentence in the web client's code: every word a player reads
// comes from the catalogue (locales/<language>/common and web/*.ftl).
// Fails (exit 1):
// - on a string or template literal in web/src/*.js that reads as words (two
//   words with a space between, a capitalized word, or a sentence's
//   punctuation) outside the places where text is never shown (CSS classes,
//   selectors, attribute names, event names, ids, console lines); a line
//   that must keep one says why after `// words-check:`;
// - on a message id the code asks for (`t("id")`, `tAttribute("id", …)`,
//   `wordsWith("id", …)`, `said("id", …)`) that English lacks, and on an English web
//   message no code asks for (an id built from parts, `t(`end-${kind}`)`,
//   counts every message it can name).
// That the other languages have every English message is the catalogues'
// own test (words/src/tests.rs). Run by web/check.sh.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE = join(REPO, "web/src");
const LOCALES = join(REPO, "locales/en");

/** Calls whose string arguments are never shown. */
const SILENT_CALLS = new Set([
  "querySelector",
  "querySelectorAll",
  "closest",
  "matches",
  "getElementById",
  "addEventListener",
  "removeEventListener",
  "getAttribute",
  "hasAttribute",
  "removeAttribute",
  "getItem",
  "setItem",
  "removeItem",
  "add",
  "remove",
  "toggle",
  "contains",
  "createElement",
  "createElementNS",
  "error",
  "warn",
  "log",
  "debug",
  "info",
  "h",
  "svg",
  "fetch",
  "URL",
  "URLSearchParams",
  "Error",
  "TypeError",
  "RangeError",
  "postMessage",
  "replace",
  "split",
  "startsWith",
  "endsWith",
  "includes",
  "match",
  "test",
  "RegExp",
]);
/** Attributes whose values are never shown as words. */
const SILENT_ATTRIBUTES = new Set([
  "class",
  "id",
  "for",
  "type",
  "name",
  "href",
  "src",
  "role",
  "rel",
  "autocomplete",
  "inputmode",
  "pattern",
  "d",
  "viewBox",
  "style",
  "lang",
  "dir",
  "data-seat",
  "transform",
  "points",
  "fill",
  "stroke",
  "aria-live",
  "aria-hidden",
  "aria-current",
  "aria-controls",
  "aria-describedby",
  "aria-labelledby",
  "aria-expanded",
  "aria-pressed",
  "aria-selected",
  "aria-sort",
  "aria-atomic",
  "tabindex",
  "method",
  "target",
  "spellcheck",
  "enterkeyhint",
  "accept",
  "download",
  "sizes",
  "kind",
  "className",
  "textAnchor",
  "text-anchor",
]);
/** Functions that take a message id first (`said` keeps one to show later). */
const MESSAGE_CALLS = new Set(["t", "tAttribute", "wordsWith", "said"]);

/** Whether `text` reads as words a player would read. */
function readsAsWords(text) {
  const words = text.replace(/\$\{[^}]*\}/g, " ");
  if (!/[A-Za-z]{2}/.test(words)) return false;
  return (
    /[A-Za-z]{2,}[ \u00a0]+[A-Za-z]{2,}/.test(words) ||
    /(^|[\s(“"])[A-Z][a-z]{2,}/.test(words) ||
    /[a-z]{2,}[.!?…:;,](\s|$)/.test(words)
  );
}

/** The name of what is called, for `a.b.c(…)` its last part. @param {ts.Expression} callee */
function calleeName(callee) {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return "";
}

/**
 * Why a literal at `node` is never shown, or null when it may be.
 * @param {ts.Node} node
 */
function silentPlace(node) {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return "import";
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const name = calleeName(parent.expression);
      if (SILENT_CALLS.has(name) && parent.arguments?.[0] === child && name !== "replace") return name;
      if (SILENT_CALLS.has(name) && ["error", "warn", "log", "debug", "info", "Error", "TypeError", "RangeError"].includes(name)) return name;
      if (MESSAGE_CALLS.has(name) && parent.arguments?.[0] === child) return "id";
      if (name === "setAttribute" && parent.arguments?.[0] === child) return "attribute";
      if (name === "setAttribute" && parent.arguments?.[1] === child) {
        const attribute = parent.arguments[0];
        if (ts.isStringLiteral(attribute) && SILENT_ATTRIBUTES.has(attribute.text)) return "attribute";
      }
      return null;
    }
    if (ts.isPropertyAssignment(parent)) {
      if (parent.name === child) return "key";
      const key = parent.name;
      const keyText = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : "";
      if (SILENT_ATTRIBUTES.has(keyText)) return "attribute";
      return null;
    }
    if (ts.isBinaryExpression(parent) && ts.isPropertyAccessExpression(parent.left)) {
      if (["className", "id", "cssText", "cursor"].includes(parent.left.name.text)) return "property";
    }
    if (ts.isBinaryExpression(parent) && ["===", "!==", "==", "!="].includes(parent.operatorToken.getText())) return "comparison";
    if (ts.isCaseClause(parent) && parent.expression === child) return "case";
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return "key";
    if (ts.isStatement(parent)) return null;
  }
  return null;
}

/** The literal texts of a template, `${…}` as `${}`. @param {ts.TemplateExpression} node */
function templateText(node) {
  return node.head.text + node.templateSpans.map((span) => "${}" + span.literal.text).join("");
}

/** The English web catalogue's ids (common's too), from the files. */
function englishIds() {
  const ids = new Map();
  for (const part of ["common", "web"]) {
    for (const file of readdirSync(join(LOCALES, part)).filter((name) => name.endsWith(".ftl"))) {
      const text = readFileSync(join(LOCALES, part, file), "utf8");
      for (const match of text.matchAll(/^(-?[a-zA-Z][a-zA-Z0-9_-]*) *=/gm)) ids.set(match[1], `${part}/${file}`);
    }
  }
  return ids;
}

const problems = [];
const asked = new Set();
/** Ids built from parts: their fixed beginnings. */
const askedPrefixes = new Set();
const files = readdirSync(SOURCE).filter((name) => name.endsWith(".js"));
for (const file of files) {
  const path = join(SOURCE, file);
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isCallExpression(node) && MESSAGE_CALLS.has(calleeName(node.expression)) && ts.isIdentifier(node.expression)) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) asked.add(first.text);
      else if (first && ts.isTemplateExpression(first)) askedPrefixes.add(first.head.text);
    }
    let literal = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = templateText(node);
    if (literal !== null && readsAsWords(literal) && !silentPlace(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      const excused = [lines[line], lines[line - 1] ?? ""].some((row) => row.includes("// words-check:"));
      if (!excused) problems.push(`${relative(REPO, path)}:${line + 1}: words in code, not in the catalogue: ${JSON.stringify(literal)}`);
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(source);
}

// The pages the server writes in the request's language ask by `{{id}}`.
for (const template of ["web/src/index.html", "server/rules.html"]) {
  for (const match of readFileSync(join(REPO, template), "utf8").matchAll(/\{\{([a-z][a-z0-9-]*)\}\}/g)) {
    if (match[1] !== "assets" && match[1] !== "lang" && match[1] !== "rules") asked.add(match[1]);
  }
}

const ids = englishIds();
for (const id of asked) {
  if (!ids.has(id)) problems.push(`web/src asks for the message ${id}, which locales/en has not`);
}
for (const [id, where] of ids) {
  if (where.startsWith("web/") && !id.startsWith("-") && !asked.has(id) && ![...askedPrefixes].some((prefix) => prefix && id.startsWith(prefix))) {
    problems.push(`locales/en/${where}: ${id} is asked for by no code in web/src`);
  }
}

for (const problem of problems) console.error(problem);
if (problems.length) {
  console.error(`\n${problems.length} problem(s): words belong in locales/en/web/*.ftl, asked for with t("id").`);
  process.exit(1);
}
console.log(`words: ${files.length} files, ${asked.size} messages asked for, ${ids.size} in English`);
