# The lobby (/): the public rooms, a new room and its options, joining or
# watching a room by its code, and links to the other pages.

lobby-looking = Recherche de salles…
lobby-leaderboard = Classement
lobby-arenas = Arènes
lobby-your-page = Votre page
# The game's name, the lobby's heading: never translated.
lobby-heading = Mice Cake
# Followed by a link, "The rules".
lobby-lead = Deux familles de souris font la course pour emporter le gâteau. Jouez contre un ami, contre un bot, ou regardez.
lobby-rules = Les règles
lobby-play-now = Jouer maintenant
lobby-play-now-help = Affrontez qui attend déjà, la cote la plus proche d’abord ; ou jouez contre le bot du serveur.
# A label, before the name's field.
lobby-your-name = Votre nom
lobby-public-rooms = Salles publiques

## Joining or watching a room by its code

lobby-join-heading = Rejoindre ou regarder une salle
lobby-room-code = Code de salle
lobby-go = Aller à la salle
# K7QMX: an example of a room code, as it is.
lobby-bad-code = Un code de salle compte cinq lettres et chiffres, comme K7QMX.
lobby-unreachable = Le serveur est injoignable ; nouvelle tentative en cours.

## A new room and its options

lobby-new-room = Nouvelle salle
lobby-opponent = Adversaire
# The choices of opponent, after "Opponent".
lobby-opponent-person = une personne (envoyez-lui le lien)
lobby-opponent-strong = le bot fort
lobby-opponent-greedy = le bot glouton
lobby-opponent-random = le bot aléatoire
# Which pieces are dealt face up, after "Pieces".
lobby-pieces = Pièces
lobby-reveal-standard = rangées 1, 3, 5, 7 face visible
lobby-reveal-all-face-up = toutes face visible
lobby-reveal-all-face-down = toutes face cachée
# A checkbox: the game's "boost" rule in place of the mice tiring.
lobby-boost = L’élan au lieu de la fatigue
lobby-time = Temps par manche
lobby-time-default = la valeur par défaut du serveur
lobby-time-seconds = { $seconds } s
lobby-time-minutes = { $minutes } min
lobby-time-none = sans limite
lobby-match = Match
lobby-match-one = une partie (puis des revanches)
lobby-match-first-to = en { $wins } victoires
lobby-match-other = en un autre nombre de victoires
lobby-match-wins = Victoires qui emportent le match (de { $min } à { $max })
lobby-stall = Manches sans progrès qui terminent la partie
lobby-private = Privée (non listée)
# A checkbox; the refusals below name it ("untick Rated").
lobby-rated = Classée : la partie change la cote des deux joueurs
lobby-rated-help = Contre une personne, avec { $limit } manches sans progrès ; chaque joueur a besoin d’une clé, que ce navigateur crée et conserve.
lobby-record-chat = Garder la discussion avec le relevé de la partie
lobby-create = Créer la salle
lobby-name-first = Choisissez d’abord un nom : c’est ainsi que votre adversaire vous verra.
lobby-rated-bot = Une partie classée se joue contre une personne : une partie contre un bot n’est jamais classée. Choisissez une personne, ou décochez Classée.
lobby-rated-stall = Une partie classée se termine après { $limit } manches sans progrès, la limite standard : choisissez-la, ou décochez Classée.
lobby-rated-keyless = Ce navigateur ne peut pas conserver de clé sur cette page (une clé demande WebCrypto, accordé seulement aux pages servies en HTTPS ou depuis localhost, et IndexedDB), et une cote appartient à une clé. Décochez Classée pour jouer une partie amicale.

## The public rooms: a table, each row a card on a phone

lobby-no-rooms = Aucune salle publique pour le moment : créez-en une.
lobby-column-room = Salle
lobby-column-status = État
lobby-column-yellow = Jaune
lobby-column-blue = Bleu
lobby-column-round = Manche
# How many watch the room.
lobby-column-watching = Spectateurs
# A room's status, as the server sends it.
lobby-room-status = { $status ->
    [waiting] en attente
    [playing] en cours
    [finished] terminée
   *[other] { $status }
}
lobby-room-status-rated = { $status ->
    [waiting] en attente, classée
    [playing] en cours, classée
    [finished] terminée, classée
   *[other] { $status }, classée
}
# Under the table, when it shows only some of the rooms.
lobby-rooms-total = { $total ->
    [one] { $total } salle au total.
   *[other] { $total } salles au total.
}
