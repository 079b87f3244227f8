# The browser's own check of a whole match (match-check.js), on a game's page.
# Each message but the verdicts is a broken link, shown after
# match-check-not-whole, so it starts in lowercase.

## The verdicts. Keep ✓ first in the whole ones.

match-check-not-whole = INCOMPLET OU ALTÉRÉ : { $problem }
match-check-whole-won = ✓ Ce match est complet : { $games ->
        [one] { $games } partie, équitable
       *[other] { $games } parties, dans l’ordre, chacune équitable
    } ; { $winner } l’a gagné { $wins }–{ $losses }.
match-check-whole-forfeit = ✓ Ce match est complet : { $games ->
        [one] { $games } partie, équitable
       *[other] { $games } parties, dans l’ordre, chacune équitable
    } ; { $loser } a quitté le match, et { $winner } l’a gagné ({ $wins }–{ $losses }).
match-check-whole-abandoned = ✓ Ce match est complet : { $games ->
        [one] { $games } partie, équitable
       *[other] { $games } parties, dans l’ordre, chacune équitable
    } ; les deux joueurs sont partis, et personne ne l’a gagné ({ $first } { $first_wins } – { $second } { $second_wins }).
match-check-whole-left-between = ✓ Ce match est complet : { $games ->
        [one] { $games } partie, équitable
       *[other] { $games } parties, dans l’ordre, chacune équitable
    } ({ $first } { $first_wins } – { $second } { $second_wins }) ; { $abandoned ->
        [yes] les deux joueurs sont partis entre deux parties, selon le serveur : personne ne l’a gagné.
       *[no] { $loser } a quitté le match entre deux parties, selon le serveur : { $winner } l’a gagné.
    }
match-check-whole-playing = ✓ Ce match est complet jusqu’ici : { $games ->
        [one] { $games } partie, équitable
       *[other] { $games } parties, dans l’ordre, chacune équitable
    } ; { $first } { $first_wins } – { $second } { $second_wins }, toujours en cours.
match-check-failed = Impossible de vérifier le match : { $error }
match-check-game-unreachable = la partie { $number } du match n’a pas pu être récupérée : { $error }

## Broken links

match-check-other-summary = le serveur a répondu avec un autre match que celui demandé
match-check-summary-unreadable = la réponse du serveur sur le match est illisible
match-check-other-game = le serveur a donné une autre partie comme partie { $number } du match
match-check-game-unfair = la partie { $number } n’est pas équitable : { $problem }
match-check-no-game = le match n’a aucune partie
match-check-not-in-match = la partie { $position } de la liste n’appartient à aucun match
match-check-other-match = la partie { $position } de la liste appartient à un autre match
match-check-out-of-order = la partie { $position } de la liste se dit partie { $number } du match : une partie manque, est répétée ou n’est pas à sa place
match-check-broken = la partie { $number } ne suit pas la partie { $previous } : une partie entre elles manque ou a été ajoutée
match-check-broken-start = la partie 1 ne commence pas le match : une partie avant elle manque ou a été ajoutée
match-check-other-rules = la partie { $number } a été jouée avec d’autres règles que la partie 1
match-check-other-player = la partie { $number } a été jouée par une autre clé que celle de { $name }
match-check-after-end = la partie { $number } a été jouée après la fin du match
match-check-wins-differ = le serveur dit que { $name } a { $said ->
        [one] { $said } victoire
       *[other] { $said } victoires
    } ; les parties en donnent { $counted }
match-check-status-differs = le serveur dit que le match est { $said ->
        [playing] toujours en cours
        [won] gagné
        [forfeit] gagné par forfait
        [abandoned] abandonné
       *[other] { $said }
    } ; les parties disent qu’il est { $counted ->
        [playing] toujours en cours
        [won] gagné
        [forfeit] gagné par forfait
        [abandoned] abandonné
       *[other] { $counted }
    }
match-check-winner-differs = le serveur nomme un autre vainqueur que celui que donnent les parties
