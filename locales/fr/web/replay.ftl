# A finished game's replay (/g/ID), round by round, and the page of a game
# that ended at its deal. $yellow and $blue are the players' names, $code a
# room's code.

replay-loading = Chargement de la partie…
# $id: the game's id, as in its address.
replay-no-game = Aucune partie n’a l’identifiant { $id }.
replay-cannot-load = Impossible de charger cette partie.
replay-title = Revoir : { $yellow } (Jaune) contre { $blue } (Bleu) · Mice Cake
replay-heading = Revoir : { $yellow } (Jaune) contre { $blue } (Bleu)
# Under the heading: the room, and the game's rules ("standard, boost, 1:00/round").
replay-meta = salle { $code } · { $variant }
replay-meta-room = salle { $code }
replay-previous = ← Manche précédente
replay-next = Manche suivante →
# Which step of the replay the cake shows.
replay-dealt = Le gâteau tel qu’il a été distribué
replay-after-round = Après la manche { $round } sur { $rounds }

## A rated game's players and what the game did to their ratings

# $reason: why the game was not rated.
replay-not-rated = Jouée dans une salle classée ({ $pool }), non classée : { $reason }.
# $yellow and $blue here: each replay-rated-player(-change).
replay-rated = Partie classée ({ $pool }) : { $yellow } · { $blue }
replay-rated-player = { $name } ({ $seat })
# $change: the rating before and after, like 1500? → 1662? (+162).
replay-rated-player-change = { $name } ({ $seat }) { $change }

## A game that ended at its deal

replay-aborted-title = Terminée à la donne : { $yellow } (Jaune) contre { $blue } (Bleu) · Mice Cake
replay-players = { $yellow } (Jaune) contre { $blue } (Bleu)
replay-aborted = La partie s’est terminée à sa donne, avant que quoi que ce soit ne soit distribué.
replay-result = Résultat
replay-fairness = Équité
replay-checking = Vérification de l’équité de la partie…
# $error: what went wrong, as the browser says it.
replay-check-failed = Impossible de vérifier la partie : { $error }

## A game of a match

replay-match-place = Partie { $number } d’un match en { $first_to } victoires
replay-match-loading = Chargement du match…
replay-match-unreachable = Le match n’a pas pu être chargé : { $error }
replay-match-games = Les parties du match :
replay-match-game = partie { $number }
replay-match-this-game = partie { $number } (celle-ci)
replay-match-checking = Vérification du match entier : chacune de ses parties, dans l’ordre…
