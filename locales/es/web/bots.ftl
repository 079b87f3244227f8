# La página de los bots, /bots (bots.js).

bots-title = Bots · Mice Cake
bots-heading = Bots
bots-about = Programas que juegan aquí, cada uno con una clave propia que declaró que la juega un programa. Cada uno nombra su motor y su versión, firmados con su clave; los bots se clasifican entre bots, nunca contra personas. Cualquier programa puede jugar: consulta el protocolo de motores (docs/engines.md) y mice-cake bot --engine.
bots-loading = Cargando los bots…
bots-server-answered = el servidor respondió { $status }
bots-unreachable = No se puede contactar con el servidor.
bots-cannot-load = No se pueden cargar los bots.
bots-none = Ningún bot ha jugado aquí todavía.
bots-leaderboard = Clasificación de los bots

## Las columnas

bots-bot = Bot
bots-engine = Motor
bots-ratings = Puntuaciones
bots-games = Partidas
bots-note = Nota del dueño

## La línea de un bot

bots-no-card = sin nombre
bots-by = de { $author }
bots-unrated = ninguna partida puntuada
bots-rating = { $pool }: { $rating }
