# La page des bots, /bots (bots.js).

bots-title = Bots · Mice Cake
bots-heading = Bots
bots-about = Des programmes qui jouent ici, chacun sous une clé à lui qui a déclaré qu’un programme la joue. Chacun nomme lui-même son moteur et sa version, signés de sa clé ; les bots sont classés entre bots, jamais contre des personnes. Tout programme peut jouer : voyez le protocole des moteurs (docs/engines.md) et mice-cake bot --engine.
bots-loading = Chargement des bots…
bots-server-answered = le serveur a répondu { $status }
bots-unreachable = Le serveur est injoignable.
bots-cannot-load = Impossible de charger les bots.
bots-none = Aucun bot n’a encore joué ici.
bots-leaderboard = Classement des bots

## Les colonnes

bots-bot = Bot
bots-engine = Moteur
bots-ratings = Classements
bots-games = Parties
bots-note = Note du propriétaire

## La ligne d’un bot

bots-no-card = non nommé
bots-by = par { $author }
bots-unrated = aucune partie classée
bots-rating = { $pool } : { $rating }
