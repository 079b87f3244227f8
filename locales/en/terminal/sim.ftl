# `mice-cake sim` (client-cli/src/sim.rs): games between two bots' policies
# (greedy, random, strong: names, never translated), offline.

# A directory to write records into.
sim-cannot-create = cannot create { $path }: { $error }
sim-cannot-write = cannot write { $path }: { $error }
sim-not-over = game not over
# $games played with seeds $first to $last, policy $a against $b; $rounds, the rounds a game on average, has a decimal.
sim-games = { $games } games (seeds { $first }–{ $last }), { $a } against { $b }, seats alternating, { $rounds } rounds a game
# A policy's wins, and their share of the games (a percentage with a decimal).
sim-wins = { $policy }: { $wins } wins ({ $percent }%)
sim-draws = draws: { $draws }
# The first policy's average margin over the other, signed (+3.5).
sim-margin = average margin: { $policy } { $margin } pips
