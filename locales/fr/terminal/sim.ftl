# `mice-cake sim` (client-cli/src/sim.rs).

# A directory to write records into.
sim-cannot-create = impossible de créer { $path } : { $error }
sim-cannot-write = impossible d’écrire { $path } : { $error }
sim-not-over = partie non terminée
# $games played with seeds $first to $last, policy $a against $b; $rounds, the rounds a game on average, has a decimal.
sim-games =
    { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } (graines { $first } à { $last }), { $a } contre { $b }, en alternant les places, { $rounds } manches par partie
# A policy's wins, and their share of the games (a percentage with a decimal).
sim-wins =
    { $policy } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } ({ $percent } %)
sim-draws = matchs nuls : { $draws }
# The first policy's average margin over the other, signed (+3.5).
sim-margin = écart moyen : { $policy } { $margin } points
