# The leaderboard at /top (leaderboard.js): a pool's best settled ratings,
# people's or bots'.

leaderboard-title = Classement · Mice Cake
# $pool: a pool's name (ratings-pool-*); $whose: people or bots.
leaderboard-pool-title = { $whose ->
        [bots] Classement : { $pool }, bots · Mice Cake
       *[people] Classement : { $pool } · Mice Cake
    }
leaderboard-heading = Classement
# $pool: what the address asked for, as it was written.
leaderboard-no-such-pool = Aucune catégorie ne s’appelle « { $pool } » : choisissez-en une parmi celles-ci.
leaderboard-loading = Chargement du classement…
leaderboard-bots-only = Bots uniquement : des clés qui ont déclaré qu’un programme les joue. Les bots sont classés entre bots, jamais contre des personnes.
leaderboard-all-bots = Tous les bots, avec leur moteur
leaderboard-rule = Seules les cotes établies figurent ici, celles qui reposent sur des parties contre des joueurs confirmés : une cote marquée d’un ? est provisoire, et reste à l’écart tant que son joueur n’a pas joué assez de parties classées ; et une cote figure au classement dès qu’au moins la moitié de ses parties, contre au moins cinq joueurs différents, ont été jouées contre des joueurs confirmés (20 parties classées ici sur au moins une semaine), pour qu’aucun réseau de nouvelles clés ne puisse y faire entrer qui que ce soit.
# $status: the HTTP status the server answered with, like 500.
leaderboard-server-answered = Le serveur a répondu { $status }.
leaderboard-unreachable = Le serveur est injoignable.
leaderboard-cannot-load = Le classement ne peut pas être chargé.
# The name of the links to people's and to bots' leaderboards.
leaderboard-whose = Personnes ou bots
leaderboard-people = Personnes
leaderboard-bots = Bots
# The name of the links to each pool's leaderboard.
leaderboard-pools = Catégories
leaderboard-no-bots = Aucun bot ne figure encore dans cette catégorie.
leaderboard-nobody = Personne ne figure encore dans cette catégorie.

## The table's columns

leaderboard-rank = Rang
leaderboard-player = Joueur
leaderboard-rating = Cote
leaderboard-games = Parties
