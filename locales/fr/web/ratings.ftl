# Ratings (ratings.js): the pools' names, and a player's record in a pool.
# A pool is the rules a rating's games are played with.

ratings-pool-standard = Standard
ratings-pool-boost = Élan
ratings-pool-face-up = Tout face visible
ratings-pool-face-up-boost = Tout face visible, élan
ratings-pool-face-down = Tout face cachée
ratings-pool-face-down-boost = Tout face cachée, élan

# A player's wins, losses and draws in one pool: "7 wins, 4 losses, 1 draw".
ratings-record = { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }, { $draws ->
        [one] { $draws } match nul
       *[other] { $draws } matchs nuls
    }
