# `mice-cake sim` (client-cli/src/sim.rs).

# A directory to write records into.
sim-cannot-create = no se puede crear { $path }: { $error }
sim-cannot-write = no se puede escribir { $path }: { $error }
sim-not-over = partida sin terminar
# $games played with seeds $first to $last, policy $a against $b; $rounds, the rounds a game on average, has a decimal.
sim-games =
    { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } (semillas { $first }–{ $last }), { $a } contra { $b }, alternando asientos, { $rounds } rondas por partida
# A policy's wins, and their share of the games (a percentage with a decimal).
sim-wins =
    { $policy }: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    } ({ $percent } %)
sim-draws = empates: { $draws }
# The first policy's average margin over the other, signed (+3.5).
sim-margin = margen medio: { $policy } { $margin } puntos
