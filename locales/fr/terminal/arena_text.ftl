# Arenas in words (client-cli/src/arena_text.rs, `mice-cake arena …`).

# $countdown is a clock's time, like 2:05.
arena-starts-in = commence dans { $countdown }
# $left is a clock's time, like 2:05.
arena-live = en cours, encore { $left }
arena-ending = se termine : les dernières parties se jouent
arena-finished = terminée
# An arena in a line: its id, name, status (arena-starts-in, …), players and games, its pool (text-pool), rated or not, a club's (only with its join code).
arena-header =
    arène { $id } « { $name } » : { $status } ; { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } ; { $pool }, { $rated ->
        [yes] classée
       *[no] amicale
    }{ $club ->
        [yes] , club (code d’accès)
       *[no] {""}
    }

## The standings

# The standings' column headings: short words, they head columns of numbers.
arena-column-rank = rang
arena-column-name = nom
arena-column-score = score
arena-column-games = parties
arena-column-wins = victoires
# Marks after a player's line: on a streak (a win counts double), paused.
arena-mark-streak = en série
arena-mark-paused = en pause
arena-nobody-yet = personne n’a encore rejoint l’arène
# The game shown on the arena's page; the command to watch it is never translated.
arena-featured = à l’affiche : { $yellow } contre { $blue } dans la salle { $code } (mice-cake watch { $code })
# A finished arena's first three ($rank is 1, 2 or 3).
arena-podium =
    { $rank ->
        [1] premier
        [2] deuxième
       *[other] troisième
    } : { $name } avec { $score ->
        [one] { $score } point
       *[other] { $score } points
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
# The command is never translated.
arena-none-yet = aucune arène pour l’instant : créez-en une avec mice-cake arena create --minutes 30

## Joined, paired, paused, left

arena-over-placed =
    l’arène est terminée : vous êtes { $rank ->
        [1] premier
       *[other] { $rank }e
    } sur { $players } avec { $score ->
        [one] { $score } point
       *[other] { $score } points
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
arena-over = l’arène est terminée
# pause and join are words the player types: never translated.
arena-you-are-in = vous y êtes (rang { $rank } sur { $players }) : vous êtes apparié dès que vous êtes libre ; tapez pause pour arrêter, join pour revenir
# q is the key that leaves: never translated.
arena-watching = vous regardez le classement de l’arène (q pour quitter)
# Paired for the next game: $badge is [BOT] after a bot's name or nothing; $streak says a win counts double.
arena-paired =
    apparié avec { $opponent }{ $badge } dans la salle { $code } (vous : rang { $rank }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    }{ $streak ->
        [yes] , en série : une victoire compte double
       *[no] {""}
    })
# Why the player is not paired until they join again (join: a word typed, never translated).
arena-paused =
    plus apparié dans l’arène { $arena } : { $cause ->
        [paused] vous êtes en pause : tapez join pour être de nouveau apparié
        [over] l’arène est terminée
        [replaced] vous avez rejoint cette arène depuis une autre connexion
        [called_off] la partie a été annulée
       *[deal_not_sealed] vous n’avez pas scellé votre donne à temps : tapez join pour être de nouveau apparié
    }
arena-left = arène { $arena } quittée
