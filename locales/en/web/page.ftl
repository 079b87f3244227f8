# Every page's frame: the header, the language switch, what shows while the
# page loads, a page that is not there. The server writes the page's first
# words (page-*) in the language the browser asks for; the rest is the
# browser's.

page-title = Mice Cake
page-site-navigation = Site
page-rules = Rules
page-loading = Loading…
page-needs-javascript = Mice Cake in a browser needs JavaScript. The terminal client, { $client }, needs nothing else.
language-switch = Language

## A page that is not there

not-found-title = Not found · Mice Cake
not-found-heading = Not found
not-found-arena = An arena's id is eight letters and digits, like K7M2QX9P.
not-found-room = A room code is five letters and digits, like K7QMX.
not-found-game = No game has this address: a game's address is /g/ and its id.
not-found-player = No player has this address: a player's address is /p/ and their key, 64 hexadecimal digits.
not-found-challenge = A challenge's id is ten letters and digits, like K7M2QX9PHT.
not-found-page = This page does not exist.
back-to-lobby = Back to the lobby

## The rules page (server-rendered; the rules themselves are in English for now)

rules-title = The rules — Mice Cake
# Empty in English; in another language, says that the rules below are in English.
rules-in-english = {""}
