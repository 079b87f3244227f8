# A player's page at /p/KEY (players.js): their name, accuracy, rating in
# each pool, refunds, and latest games. Messages ending in -yours are for
# the page of this browser's own key, -theirs for anyone else's.

player-loading = Chargement du joueur…
player-unreachable = La page de ce joueur ne peut pas être chargée : le serveur est injoignable.
# The links every player page ends with.
player-leaderboard = Classement
player-play-rated = Jouer une partie classée

## A key that never played a game here

player-yours-title = Votre page · Mice Cake
player-empty-title = Un joueur · Mice Cake
player-yours-heading = Votre page
player-empty-heading = Un joueur sans partie
# $play: a link to quick pairing (player-play-now); $rating: where ratings start, 1500.
# “Rated” is the checkbox's label when creating a room.
player-no-games-yours = Vous n’avez encore joué aucune partie ici. { $play } (partie classée, sauf si vous décochez la case), ou cochez « Classée » en créant une salle : une partie classée modifie la cote des deux joueurs, qui commence à { $rating }.
player-play-now = Jouer maintenant
player-no-games = Ce joueur n’a joué aucune partie sur ce serveur.

## A player with games

# The page's title. $who: bot (a program plays the key), you (this browser's key), bot-you, or other.
player-title = { $who ->
        [bot] { $name } (bot) · Mice Cake
        [you] { $name } (vous) · Mice Cake
        [bot-you] { $name } (bot) (vous) · Mice Cake
       *[other] { $name } · Mice Cake
    }
# After the player's name in the heading, on this browser's own page.
player-you = (vous)
player-declared-bot = Un bot : cette clé a déclaré qu’un programme la joue. Elle est classée entre bots, jamais contre des personnes.
# $key: the player's public key (64 hexadecimal digits).
player-key = Clé du joueur { $key }
# Games of rated rooms the player aborted: $aborted of their last $games. $last is yes
# when they aborted so many that quick pairing (“Play now”) pairs them after everyone else.
player-conduct-yours = Parties annulées par vous : { $aborted } sur { $games ->
        [one] votre dernière partie
       *[other] vos { $games } dernières parties
    } dans des salles classées (vous êtes parti, resté absent ou n’avez pas ouvert votre coup avant que les deux joueurs aient joué){ $last ->
        [yes]  ; vous êtes apparié après tous les autres dans « Jouer maintenant »
       *[no] {""}
    }.
player-conduct-theirs = Parties annulées par ce joueur : { $aborted } sur { $games ->
        [one] sa dernière partie
       *[other] ses { $games } dernières parties
    } dans des salles classées (parti, resté absent ou coup non ouvert avant que les deux joueurs aient joué){ $last ->
        [yes]  ; apparié après tous les autres dans « Jouer maintenant »
       *[no] {""}
    }.
# The player's accuracy over the rated games the server analysed: $percent of the
# rounds ($clean of $rounds) without a mistake.
player-accuracy = Précision de { $percent } % sur { $games ->
        [one] { $games } partie classée analysée
       *[other] { $games } parties classées analysées
    } ({ $clean } sur { $rounds } { $rounds ->
        [one] manche
       *[other] manches
    } sans erreur)
player-accuracy-unjudged = Précision de { $percent } % sur { $games ->
        [one] { $games } partie classée analysée
       *[other] { $games } parties classées analysées
    } (aucune manche où un choix était à juger)
player-no-rating-yet = Pas encore de cote.
player-latest-games = Dernières parties

## A pool's rating

# $rating: the rating, as shown (1500, or 1500? while provisional); $provisional: yes or no;
# $record: wins, losses and draws (ratings-record).
player-rating-line = { $rating }{ $provisional ->
        [yes] {" "}provisoire
       *[no] {""}
    } · { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    } : { $record }
# Glicko's rating deviation. $leaderboard: a link to the pool's leaderboard (player-pool-leaderboard).
player-deviation = Écart { $deviation } : la force réelle se situe probablement à { $within } points près de la cote. { $leaderboard }
# $pool: the pool's name (ratings-pool-*).
player-pool-leaderboard = Classement { $pool }
player-listed = Au classement.
# $established: distinct established opponents so far, of the $needed (5); $against: games
# against established players, of all the pool's $games.
player-not-listed = Pas encore au classement : il ne retient qu’une cote qui repose sur des parties contre des joueurs confirmés (20 parties classées ici sur au moins une semaine) — { $established } adversaires confirmés sur les { $needed } nécessaires pour l’instant, et { $against } sur { $games } { $games ->
        [one] partie
       *[other] parties
    } contre eux (il en faut la moitié).

## Refunds: rated games the server's operator took out of the ratings

player-refunds = Remboursements
# In place of a rating before or after a refund.
player-no-rating = pas de cote
# $date: the day; $pool: the pool's name; $before, $after: the ratings (or player-no-rating);
# $games: how many of the player's own games were taken out (0: only others' games were).
player-refund-yours = { $date }, { $pool } : { $before } → { $after }. { $games ->
        [0] Des parties classées que vous n’avez pas jouées ont été retirées des cotes par l’opérateur du serveur ; votre cote a changé quand les cotes ont été recalculées sans elles.
        [one] { $games } de vos parties classées a été retirée des cotes par l’opérateur du serveur, et les cotes recalculées sans elle.
       *[other] { $games } de vos parties classées ont été retirées des cotes par l’opérateur du serveur, et les cotes recalculées sans elles.
    }
player-refund-theirs = { $date }, { $pool } : { $before } → { $after }. { $games ->
        [0] Des parties classées que ce joueur n’a pas jouées ont été retirées des cotes par l’opérateur du serveur ; sa cote a changé quand les cotes ont été recalculées sans elles.
        [one] { $games } de ses parties classées a été retirée des cotes par l’opérateur du serveur, et les cotes recalculées sans elle.
       *[other] { $games } de ses parties classées ont été retirées des cotes par l’opérateur du serveur, et les cotes recalculées sans elles.
    }

## The latest games (a table; cards on a phone)

player-none-yet = Aucune pour l’instant.
player-column-date = Date
player-column-pool = Catégorie
player-column-opponent = Adversaire
player-column-result = Résultat
player-column-rating = Cote
player-column-replay = Revoir
# A game's result for the player; $seat: the seat they played (Yellow or Blue).
# aborted-self: this player aborted it; aborted-both: both did.
player-result = { $outcome ->
        [won] Gagnée
        [lost] Perdue
        [won-forfeit] Gagnée (forfait)
        [lost-forfeit] Perdue (forfait)
        [abandoned] Abandonnée
        [aborted-both] Annulée par les deux
        [aborted-self] Annulée par ce joueur
        [aborted-opponent] Annulée par l’adversaire
       *[draw] Match nul
    }, côté { $seat }
# A game that changed no rating.
player-match-game = partie { $number } d’un match
player-casual = Amicale
# $reason: why a game of a rated room was not rated.
player-not-rated = Non classée : { $reason }
# Both players of a game, when the page's player played neither seat.
player-versus = { $yellow } contre { $blue }
# A link to the game's replay; player-replay-which follows it, for screen readers only.
player-replay = Revoir
player-replay-which = la partie contre { $opponent } du { $date }
