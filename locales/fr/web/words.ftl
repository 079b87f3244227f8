# The game's words, used on every page: the seats, what an attempt went
# for and how it ended, how a game ended, why a game was not rated, the
# options of a room, and the lines that tell a reveal as it plays.

## The two seats, capitalized as names

words-seat-yellow = Jaune
words-seat-blue = Bleu

## An assignment as written and what an attempt went for

words-assignment-steal = vol { $piece }
words-assignment-nothing = rien
words-target-steal = vol { $piece }
words-target-blind = à l’aveugle : 0/0

## How an attempt ended, in a word or two

words-outcome-took = prise
words-outcome-too-low = sous { $value }
words-outcome-exhausted = { $count ->
    [one] { $count } souris fatiguée
   *[other] { $count } souris fatiguées
}
words-outcome-lost-contest = battue aux dés
words-outcome-tied-contest = égalité
words-outcome-stole = volée
words-outcome-exchanged = échangée
words-outcome-no-roll = sans lancer

## How a game ended

words-score = Jaune { $yellow } – Bleu { $blue }
words-end-board-cleared = le gâteau est fini
words-end-no-moves-left = aucune souris ne peut bouger
words-end-stall-limit = la limite d’impasse est atteinte
words-won-pips = { $seat } gagne aux points
words-won-pieces = { $seat } gagne au nombre de pièces
words-won-double-six = { $seat } gagne en détenant le 6/6
words-won-other = { $seat } gagne
words-winner = { $seat } gagne
words-no-winner = personne ne gagne
words-result-won = { $score }, { $won } ({ $why })
words-result-draw = { $score }, match nul ({ $why })
words-result-forfeit = { $score }, { $winner } : { $forfeit }
words-result-aborted = { $score }, partie annulée avant que les deux joueurs aient joué : { $forfeit } — { $winner }, non classée
words-result-abandoned = { $score }, partie abandonnée : { $forfeit }
words-result-abandoned-won = { $score }, partie abandonnée : { $forfeit } ; { $winner }

## Who forfeited and why

words-forfeit-missed-deadlines = { $who ->
    [both] les deux joueurs ont laissé passer trop de délais
   *[other] { $seat } a laissé passer trop de délais
}
words-forfeit-disconnected = { $who ->
    [both] les deux joueurs sont restés absents trop longtemps
   *[other] { $seat } est resté absent trop longtemps
}
words-forfeit-left = { $who ->
    [both] les deux joueurs ont quitté la partie
   *[other] { $seat } a quitté la partie
}
words-forfeit-not-opened = { $who ->
    [both] les deux joueurs n’ont pas ouvert à temps un coup scellé
   *[other] { $seat } n’a pas ouvert à temps un coup scellé
}
words-forfeit-other = { $who ->
    [both] les deux joueurs
   *[other] { $seat }
} : { $cause }

## Why a game in a rated room is not rated

words-not-rated-same-address = les deux joueurs sont sur la même adresse réseau
words-not-rated-pair-limit = ces deux joueurs ont déjà disputé 3 parties classées ensemble ces dernières 24 heures
words-not-rated-bot-against-person = un bot affronte une personne : les bots sont classés entre bots
words-not-rated-same-key = la même clé occupe les deux places
words-not-rated-aborted = la partie s’est terminée avant que les deux joueurs aient joué
words-not-rated-abandoned = les deux joueurs ont déclaré forfait en même temps

## A deal that never started

words-refused-both = Jaune et Bleu ont tous deux scellé un nonce sans jamais l’ouvrir, et la partie a été annulée.
words-refused = { $seat } a scellé un nonce sans jamais l’ouvrir, et la partie a été annulée.

## A room's options

words-reveal-standard = standard
words-reveal-all-face-up = tout face visible
words-reveal-all-face-down = tout face cachée
words-variant-boost = élan
words-variant-deadline = { $clock }/manche
words-variant-no-deadline = sans délai
words-variant-rated = classée

words-who = { $name } ({ $seat })

## A reveal as it plays

words-rolling-steal = { $seat } lance { $dice ->
    [one] { $dice } dé
   *[other] { $dice } dés
} pour voler { $piece }…
words-rolling = { $seat } lance { $dice ->
    [one] { $dice } dé
   *[other] { $dice } dés
} pour { $piece } dans la colonne { $column }…
words-blind = Les souris de { $seat } trouvent le double blanc dans la colonne { $column } : pas de lancer.
words-landed-steal-waiting = Le { $sum } de { $seat } atteint { $piece } : si le vol de { $other } réussit aussi, les pièces s’échangent.
words-landed-contested = Le { $sum } de { $seat } atteint { $piece } : pièce disputée, { $other } lance aussi pour elle.
words-landed-won-contest = Le { $sum } de { $seat } bat le { $rival } : { $seat } prend { $piece }.
words-landed-took-contested = { $seat } prend { $piece } avec { $sum }.
words-landed-took = { $seat } { $sum } ≥ { $value } : prend { $piece }.
words-landed-lost-contest = Le { $rival } de { $winner } bat le { $sum } : { $winner } prend { $piece }.
words-landed-tied = Égalité à { $sum } : { $piece } reste en place.
words-landed-too-low = { $seat } { $sum }, sous { $value } : { $piece } reste en place.
words-landed-exhausted = Les dés de { $seat } reproduisent { $piece } : { $count ->
    [one] { $count } souris fatiguée
   *[other] { $count } souris fatiguées
}, la pièce reste en place.
words-landed-stole = { $seat } { $sum } ≥ { $value } : vole { $piece }, avec le double blanc.
words-landed-exchanged = Les deux vols réussissent : les pièces volées changent de mains et le double blanc quitte la partie.
words-boost-took = Élan de { $seat } : { $sum } ≥ { $pips }, prend { $piece } dans la colonne { $column }.
words-boost-took-more = Élan de { $seat } : { $sum } ≥ { $pips }, prend { $piece } dans la colonne { $column } (+{ $count ->
    [one] { $count } élan
   *[other] { $count } élans
}).
words-boost-too-low = Élan de { $seat } : { $sum }, sous { $pips } : { $piece } reste en place.
words-boost-nothing = Élan de { $seat } dans la colonne { $column } : rien à viser.
words-boost-rolling = Élan de { $seat } : { $dice ->
    [one] { $dice } dé
   *[other] { $dice } dés
} pour { $piece } dans la colonne { $column }…
words-turn-up = { $count ->
    [one] { $pieces } est retournée.
   *[other] Pièces retournées : { $pieces }.
}
words-round-assignments = Manche { $round } : Jaune { $yellow } · Bleu { $blue }
