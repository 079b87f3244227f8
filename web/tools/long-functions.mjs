// Functions over 80 lines in the web client (web/src/*.js), counted from
// the function's head (`function`, a method's name, an arrow's parameters)
// to its closing brace, blank lines and comments included; anonymous
// callbacks count too. Fails (exit 1) on any such function not listed in
// the shared allowlist `tests/long-functions.txt` (lines `PATH NAME`, PATH
// from the repository root; `#` comments; the Rust entries are read by
// tests/tests/function_lengths.rs), and on any web entry listed that is no
// longer over 80 lines, so that the list only shrinks.
// Run by web/check.sh: node web/tools/long-functions.mjs

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";

/** The longest a function may be, in lines. */
export const LIMIT = 80;

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE = join(REPO, "web/src");
const ALLOWLIST = join(REPO, "tests/long-functions.txt");

/**
 * A function's name as the list names it: its own, the variable or
 * property it is given to, a class's method as `Class.method`, or
 * `(anonymous)`.
 * @param {ts.Node} node
 * @returns {string}
 */
function nameOf(node) {
  const own = /** @type {any} */ (node).name;
  const named = own && (ts.isIdentifier(own) || ts.isPrivateIdentifier(own) || ts.isStringLiteral(own)) ? own.text : null;
  if (named && (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node))) {
    const owner = node.parent;
    if (ts.isClassLike(owner) && owner.name) return `${owner.name.text}.${named}`;
    return named;
  }
  if (ts.isConstructorDeclaration(node)) {
    const owner = node.parent;
    return ts.isClassLike(owner) && owner.name ? `${owner.name.text}.constructor` : "constructor";
  }
  if (named) return named;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) return parent.name.text;
  return "(anonymous)";
}

/**
 * Every function-like node of a file, with its name, line and length.
 * @param {string} file
 * @returns {{file: string, line: number, name: string, lines: number}[]}
 */
export function functionsOf(file) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const path = relative(REPO, file);
  /** @type {{file: string, line: number, name: string, lines: number}[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) && /** @type {any} */ (node).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: path, line: first + 1, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The web entries of the allowlist, as "PATH NAME".
 * @returns {Set<string>}
 */
function allowed() {
  if (!existsSync(ALLOWLIST)) return new Set();
  return new Set(
    readFileSync(ALLOWLIST, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("web/"))
      .map((line) => line.replace(/\s+/, " ")),
  );
}

function main() {
  const files = readdirSync(SOURCE).filter((name) => name.endsWith(".js")).sort();
  const long = files.flatMap((name) => functionsOf(join(SOURCE, name))).filter((found) => found.lines > LIMIT);
  const listed = allowed();
  const unlisted = long.filter((found) => !listed.has(`${found.file} ${found.name}`));
  const stillLong = new Set(long.map((found) => `${found.file} ${found.name}`));
  const shorter = [...listed].filter((entry) => !stillLong.has(entry));
  for (const found of long) {
    const mark = listed.has(`${found.file} ${found.name}`) ? " (listed)" : "";
    console.log(`${found.file}:${found.line} ${found.name} ${found.lines}${mark}`);
  }
  for (const found of unlisted) {
    console.error(`${found.file}:${found.line} ${found.name} is ${found.lines} lines, over ${LIMIT}: make it shorter`);
  }
  for (const entry of shorter) {
    console.error(`${entry} is listed in tests/long-functions.txt but is no longer over ${LIMIT} lines: take it off the list`);
  }
  console.log(`${long.length} web functions over ${LIMIT} lines, ${listed.size} listed`);
  if (unlisted.length || shorter.length) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
