# Ratings (ratings.js): the pools' names, and a player's record in a pool.
# A pool is the rules a rating's games are played with.

ratings-pool-standard = Estándar
ratings-pool-boost = Impulso
ratings-pool-face-up = Todo boca arriba
ratings-pool-face-up-boost = Todo boca arriba, impulso
ratings-pool-face-down = Todo boca abajo
ratings-pool-face-down-boost = Todo boca abajo, impulso

# A player's wins, losses and draws in one pool: "7 wins, 4 losses, 1 draw".
ratings-record = { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }
