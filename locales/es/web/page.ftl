# Every page's frame: the header, the language switch, what shows while the
# page loads, a page that is not there.

page-title = Mice Cake
page-site-navigation = Sitio
page-rules = Reglas
page-loading = Cargando…
page-needs-javascript = Mice Cake en un navegador necesita JavaScript. El cliente de terminal, { $client }, no necesita nada más.
language-switch = Idioma

## A page that is not there

not-found-title = No encontrado · Mice Cake
not-found-heading = No encontrado
not-found-arena = El identificador de una arena tiene ocho letras y cifras, como K7M2QX9P.
not-found-room = Un código de sala tiene cinco letras y cifras, como K7QMX.
not-found-game = Ninguna partida tiene esta dirección: la dirección de una partida es /g/ y su identificador.
not-found-player = Ningún jugador tiene esta dirección: la dirección de un jugador es /p/ y su clave, 64 cifras hexadecimales.
not-found-challenge = El identificador de un desafío tiene diez letras y cifras, como K7M2QX9PHT.
not-found-page = Esta página no existe.
back-to-lobby = Volver al inicio

## The rules page

rules-title = Las reglas — Mice Cake
rules-in-english = Las reglas aún no están traducidas: aquí están en inglés.
