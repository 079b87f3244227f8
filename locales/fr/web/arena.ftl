# An arena's page at /a/ID (arena.js): where it stands, the player's own
# line with Join and Pause, the standings, the featured game, the podium.
# An arena is a tournament with a start and an end; a player's score is in
# points (two a win, one a draw, doubled on a streak).

arena-title = Arène · Mice Cake
# $name: the arena's name.
arena-named-title = { $name } · Arène · Mice Cake
arena-heading = Arène
arena-loading = Chargement de l’arène…
arena-no-such = Arène introuvable
# $id: the arena's id, eight letters and digits.
arena-no-such-id = Aucune arène n’a l’identifiant { $id }.
arena-unreadable = L’arène ne peut pas être lue pour l’instant : rechargez la page dans un moment.
arena-all = Toutes les arènes

## Where it stands. $time: a countdown, as a clock shows it (2:05, 1:02:05).

arena-starts-in = Commence dans { $time }
arena-live = En cours : encore { $time }
arena-ending = Fin imminente : les dernières parties se jouent
arena-finished = Terminée

# What kind of arena: $pool is its pool's name (ratings-pool-*); $rated, $club (a join
# code is needed), $bots (bots may join): yes or no.
arena-kind = { $pool } · { $rated ->
        [yes] classée
       *[no] amicale
    } · { $club ->
        [yes] club (code d’accès)
       *[no] ouverte à tous
    } · { $bots ->
        [yes] bots bienvenus
       *[no] sans bots
    }
# $kind: arena-kind; $creator: who made it; $players, $games: how many so far.
arena-kind-line = { $kind } · par { $creator } · { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }

## The standings

arena-standings = Classement de l’arène
arena-final-standings = Classement final
arena-nobody-yet = Personne n’a encore rejoint l’arène.
arena-column-rank = #
arena-column-player = Joueur
# The column of scores: its heading, short, and in full.
arena-column-points = Pts
    .title = Points
arena-column-games = Parties
# A column of marks (on a streak, paused), for screen readers only.
arena-column-marks = Indicateurs
# A player's mark (🔥) when on a streak.
arena-on-fire = En série : la prochaine victoire compte double
# A player's mark when paused.
arena-paused-mark = en pause

## The podium, once it is over

arena-podium = Podium
# $place: 1, 2 or 3.
arena-podium-place = { $place ->
        [1] Première place :
        [2] Deuxième place :
       *[3] Troisième place :
    }
# $place: arena-podium-place (in bold); $name: the player; $score: their points.
arena-podium-line = { $place } { $name }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }

## The featured game

# $featured: arena-featured-label (in bold); $yellow, $blue: the players; $watch: a link (arena-watch).
arena-featured = { $featured } { $yellow } contre { $blue } { $watch }
arena-featured-label = À l’affiche :
arena-watch = Regarder

## The player's own part

# $rank: the player's place, selecting by the language's ordinals (1st, 2nd, 3rd, 4th).
arena-you-finished = Vous avez terminé à la { $rank ->
        [one] { $rank }re
       *[other] { $rank }e
    } place avec { $score ->
        [one] { $score } point
       *[other] { $score } points
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }.
# $rank: as in arena-you-finished; $streak: yes when on a streak.
arena-you-now = Vous : { $rank ->
        [one] { $rank }re
       *[other] { $rank }e
    } place, { $score ->
        [one] { $score } point
       *[other] { $score } points
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }{ $streak ->
        [yes] {" "}— en série : une victoire compte double
       *[no] {""}
    }.
arena-you-paused = Vous êtes en pause : vous restez au classement, mais n’êtes pas apparié tant que vous ne rejoignez pas l’arène à nouveau.
arena-pause = Pause
arena-join = Rejoindre
arena-join-again = Rejoindre à nouveau
arena-join-early = Rejoignez-la dès maintenant : vous serez apparié dès qu’elle commencera.
arena-your-name = Votre nom
# The code a club's arena asks of whoever joins it.
arena-join-code = Code d’accès
arena-name-first = Votre nom, d’abord.

## News

arena-in-upcoming = Vous y êtes : vous serez apparié dès que l’arène commencera.
arena-in-waiting = Vous y êtes : en attente d’un adversaire…
# $name: the opponent.
arena-paired = Apparié avec { $name } : en route vers la partie…
# Said to screen readers. $name: the opponent.
arena-paired-announced = Apparié avec { $name }.
# $reason: why joining was refused, a sentence of its own.
arena-not-joined = Impossible de rejoindre : { $reason }
arena-over = L’arène est terminée.
arena-reconnecting = Connexion perdue : reconnexion…
