# `mice-cake top` and `mice-cake me` (client-cli/src/standings.rs).

## The leaderboard

# An empty leaderboard ($bots: yes for the bots' one), and why.
standings-nobody-leads =
    { $bots ->
        [yes] aucun bot ne mène
       *[no] personne ne mène
    } encore la catégorie { $pool } : une cote apparaît ici une fois qu’elle n’est plus provisoire (une douzaine de parties classées environ) et qu’elle repose sur des parties contre des joueurs établis (au moins la moitié d’entre elles, contre cinq joueurs ou plus ayant 20 parties classées sur plus d’une semaine)
standings-bots-of = bots de la catégorie { $pool } (des clés qui se sont déclarées bots, classées entre bots) :
# The leaderboard's column headings: short words over numbers (rd: the rating's deviation).
standings-column-rank = rang
standings-column-name = nom
standings-column-rating = cote
standings-column-rd = éc.
standings-column-games = parties

## A player's page

# A player's name, [BOT] for a bot ($badge), and their key.
standings-player = { $name }{ $badge } — clé { $key }
standings-a-bot = un bot : cette clé a déclaré qu’un programme la joue ; elle est classée entre bots
# A pool's line: its name and rating (padded to line up), rd (the rating's deviation), the games won, lost and drawn.
standings-pool =
    { $pool } { $rating }  éc. { $deviation }  { $wins ->
        [one] { $wins } gagnée
       *[other] { $wins } gagnées
    }, { $losses ->
        [one] { $losses } perdue
       *[other] { $losses } perdues
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }
standings-listed = au classement
# $established of the $needed established opponents needed, $against of its $games games against them.
standings-not-listed = pas encore au classement : il retient une cote qui repose sur des parties contre des joueurs établis — { $established } des { $needed } nécessaires jusqu’ici, { $against } de ses { $games } parties contre eux (la moitié nécessaire)
standings-no-rating = aucune cote
# The server's operator took games out of a rating: on $day (2025-11-26), in $pool, from $before to $after.
standings-refunded =
    rectifiée le { $day } : { $pool } { $before } → { $after } ({ $games ->
        [0] les parties qui l’ont fait bouger ont été retirées
        [one] { $games } de ses parties a été retirée
       *[other] { $games } de ses parties ont été retirées
    } par l’opérateur du serveur)
# $percent is a whole number; rounds without a mistake ($clean) of all ($rounds).
standings-accuracy =
    précision { $percent } % sur { $games ->
        [one] { $games } partie classée analysée
       *[other] { $games } parties classées analysées
    } ({ $clean } manches sur { $rounds } sans erreur)
# $last: yes when the player is paired after everyone else for it.
standings-aborted =
    { $aborted } des { $games } dernières parties en salle classée annulées{ $last ->
        [yes] {" "}: apparié après tous les autres
       *[no] {""}
    }
# The command is never translated (ID: a game's id).
standings-latest-games = dernières parties (mice-cake replay ID) :
# One of the latest games: its id, the outcome for the player, the opponent, and the rating it moved (+12), or standings-casual, or standings-not-rated.
standings-recent =
    { $id } { $outcome ->
        [won] gagnée
        [lost] perdue
        [drew] nulle
        [aborted] annulée
       *[none] {""}
    } contre { $opponent } { $change }
standings-casual = (amicale)
# $why is text-not-rated.
standings-not-rated = (non classée : { $why })
# A game of a match: its number there, and how to prove the match whole ($id, never translated).
standings-match-game = (partie { $number } d’un match : mice-cake verify --match { $id })
