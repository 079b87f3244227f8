# What happens in a game, in both interfaces and the plain output
# (client-cli/src/text.rs): the seats, a round's attempts and boosts, the
# pieces turned up, the cake and the families, how a game ended.

# A seat's name: $seat is yellow or blue.
text-seat =
    { $seat ->
        [yellow] Jaune
       *[blue] Bleu
    }
text-mice = { $count } souris
# A pool of rated games in words ($pool is the name typed after --pool).
text-pool =
    { $pool ->
        [standard] standard
        [boost] élan
        [face_up] face visible
        [face_up_boost] face visible avec élan
        [face_down] face cachée
       *[face_down_boost] face cachée avec élan
    }
# Why a game in a rated room is not rated; $games is how many rated games two players may play together in a day.
text-not-rated =
    { $why ->
        [same_address] les deux joueurs sont sur une même adresse réseau
        [pair_limit] ces deux joueurs ont déjà joué { $games } parties classées ensemble ces dernières 24 heures
        [bot_against_person] un bot joue contre une personne : les bots sont classés entre bots
        [same_key] une même clé occupe les deux places
        [aborted] elle s’est terminée avant que les deux joueurs aient joué un coup
       *[abandoned] les deux joueurs ont déclaré forfait en même temps
    }
# Why a seek ended without a game; $reason is the server's own words, for a room it could not make.
text-seek-end =
    { $cause ->
        [cancelled] recherche annulée
        [shutting_down] le serveur s’arrête
        [deal_not_sealed] vous n’avez pas scellé votre donne à temps
       *[no_room] aucune salle n’a pu être créée
    }

## An attempt: who, where, with how many mice, at what, the dice and what came of it

# What the mice went for: a piece ($piece, like 3/5), a steal of the opponent's piece, or the double-blank found blind.
text-attempt-target =
    { $target ->
        [piece] sur { $piece }
        [steal] pour voler { $piece }
       *[blind] ont trouvé le double blanc à l’aveugle
    }
# What came of an attempt; $value is the piece's pips, $exhausted the mice exhausted.
text-attempt-outcome =
    { $result ->
        [took] prise
        [too_low] sous { $value }
        [exhausted] { $exhausted ->
            [one] { $exhausted } souris fatiguée
           *[other] { $exhausted } souris fatiguées
        }
        [lost_contest] battues par l’autre camp
        [tied_contest] égalité : personne ne la prend
        [stole] volée, avec le double blanc
        [exchanged] deux vols : pièces échangées, double blanc retiré
       *[no_attempt] aucune tentative
    }
# An attempt without dice: $seat $column: $mice $target: $outcome.
text-attempt = { $seat } { $column } : { $mice } { $target } : { $outcome }
# An attempt with its dice ($dice, like 4 2) and their sum; $boosted mice gained a boost.
text-attempt-rolled =
    { $seat } { $column } : { $mice } { $target }, dés { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , élan pour { $boosted } souris
    }

## A boost roll

# What came of a boost roll; $pips are the piece's.
text-boost-outcome =
    { $result ->
        [took] prise
        [too_low] sous { $pips }
        [short] trop court
       *[nothing] rien à tenter
    }
text-boost = { $seat } { $column } élan : { $outcome }
# A boost rolled at a piece; $boosted more mice gained a boost.
text-boost-rolled-on =
    { $seat } { $column } élan sur { $piece }, dés { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } élan
    }
text-boost-rolled =
    { $seat } { $column } élan, dés { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } élan
    }

## A round

# A round's first line: both seats' assignments ($yellow, $blue: like A2 C2).
text-round-header = Manche { $round } : Jaune { $yellow } — Bleu { $blue }
# The server played a seat's assignment when the deadline passed.
text-deadline-missed = { $seat } a laissé passer le délai : le serveur a choisi
# As text-deadline-missed, with how many deadlines were missed in a row of the $limit that forfeit.
text-deadline-missed-tally = { $seat } a laissé passer le délai : le serveur a choisi ({ $count } sur { $limit })
text-deadline-missed-forfeits = { $seat } a laissé passer le délai : le serveur a choisi ({ $count } sur { $limit } : forfait)
# A face-down piece turned up: $cell like C3, $piece like 2/5.
text-turns-up = { $cell } est retournée : { $piece }
text-resting =
    { $seat } : { $count ->
        [one] { $count } souris se repose
       *[other] { $count } souris se reposent
    } à la prochaine manche
# Under the cake: a family's pips, pieces taken and mice free to place.
text-family =
    { $seat } : { $pips ->
        [one] { $pips } point
       *[other] { $pips } points
    } en { $pieces ->
        [one] { $pieces } pièce
       *[other] { $pieces } pièces
    }, { $available } souris { $available ->
        [one] disponible
       *[other] disponibles
    }

## How a game ended

text-game-over = Partie terminée : { $outcome }
# Both seats' pips.
text-score = Jaune { $yellow } – Bleu { $blue }
text-end-why =
    { $end ->
        [board_cleared] le gâteau est fini
        [no_moves_left] aucune souris ne peut bouger
       *[stall_limit] la limite d’impasse est atteinte
    }
# $score is text-score; $decided says what decided the winner (draw: nothing to say), $why is text-end-why.
text-outcome-won =
    { $score }, { $winner } gagne { $decided ->
        [pips] aux points
        [pieces] au nombre de pièces
        [double_six] grâce au 6/6
       *[draw] {""}
    } ({ $why })
text-outcome-draw = { $score }, match nul ({ $why })
# $winner is text-wins or text-nobody-wins, $forfeit is text-forfeit.
text-outcome-forfeit = { $score }, { $winner } : { $forfeit }
# $forfeit is text-forfeit-both.
text-outcome-abandoned = { $score }, partie abandonnée : { $forfeit }
text-outcome-abandoned-won = { $score }, partie abandonnée : { $forfeit } ; { $winner }
text-outcome-aborted = { $score }, partie annulée avant que les deux joueurs aient joué un coup : { $forfeit } ; { $winner }, non classée
text-wins = { $seat } gagne
text-nobody-wins = personne ne gagne
# A seat that forfeited, and why.
text-forfeit =
    { $seat } { $cause ->
        [missed_deadlines] a laissé passer trop de délais
        [disconnected] est resté absent trop longtemps
        [left] a quitté la partie
       *[not_opened] n’a pas ouvert à temps un coup scellé
    }
text-forfeit-both =
    les deux joueurs { $cause ->
        [missed_deadlines] ont laissé passer trop de délais
        [disconnected] sont restés absents trop longtemps
        [left] ont quitté la partie
       *[not_opened] n’ont pas ouvert à temps un coup scellé
    }

## A probability

# $percent is a whole number.
text-percent = { $percent } %
text-percent-below-one = <1 %
text-percent-above-99 = >99 %

## Un match (une salle qui joue jusqu’à un nombre de victoires). Les noms
## entrent tels quels.

text-match-score = Match en { $first_to } victoires : { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
text-match-won = { $winner } gagne le match
text-match-forfeit = { $loser } a quitté le match : { $winner } le gagne
text-match-abandoned = Les deux joueurs sont partis : le match est terminé, personne ne le gagne
text-match-next = La partie { $number } commence dans { $seconds } s (ou dès que les deux sont prêts)
