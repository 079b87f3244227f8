# Ratings (ratings.js): the pools' names, and a player's record in a pool.
# A pool is the rules a rating's games are played with.

ratings-pool-standard = Standard
ratings-pool-boost = Boost
ratings-pool-face-up = All face up
ratings-pool-face-up-boost = All face up, boost
ratings-pool-face-down = All face down
ratings-pool-face-down-boost = All face down, boost

# A player's wins, losses and draws in one pool: "7 wins, 4 losses, 1 draw".
ratings-record = { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }
