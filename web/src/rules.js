// The rules page's one script: the language switch every page has (the
// page itself is written by the server, in the language the browser asks for).

import { languageSwitch, startLanguage } from "./language.js";

const language = await startLanguage();
document.querySelector("header.top nav")?.append(languageSwitch(language));
