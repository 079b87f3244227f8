# Every page's frame: the header, the language switch, what shows while the
# page loads, a page that is not there.

page-title = Mice Cake
page-site-navigation = Site
page-rules = Règles
page-loading = Chargement…
page-needs-javascript = Mice Cake dans un navigateur a besoin de JavaScript. Le client terminal, { $client }, n’a besoin de rien d’autre.
language-switch = Langue

## A page that is not there

not-found-title = Introuvable · Mice Cake
not-found-heading = Introuvable
not-found-arena = L’identifiant d’une arène compte huit lettres et chiffres, comme K7M2QX9P.
not-found-room = Un code de salle compte cinq lettres et chiffres, comme K7QMX.
not-found-game = Aucune partie n’a cette adresse : l’adresse d’une partie est /g/ suivi de son identifiant.
not-found-player = Aucun joueur n’a cette adresse : l’adresse d’un joueur est /p/ suivi de sa clé, 64 chiffres hexadécimaux.
not-found-challenge = L’identifiant d’un défi compte dix lettres et chiffres, comme K7M2QX9PHT.
not-found-page = Cette page n’existe pas.
back-to-lobby = Retour à l’accueil

## The rules page

rules-title = Les règles — Mice Cake
rules-in-english = Les règles ne sont pas encore traduites : les voici en anglais.
