# Stepping through a finished game (client-cli/src/tui/replay.rs): the
# title, the panel's analysis of the round on screen.

# The title: $game is the start of the game's id, $position where the replay is.
tui-replay-title-of = revoir { $game }…  { $position }
tui-replay-title = revoir  { $position }
tui-replay-before-first = avant la manche 1 sur { $rounds }
tui-replay-after = après la manche { $round } sur { $rounds }
tui-replay-no-seed = Pas de graine dans le relevé : ses dés n’ont pas pu être vérifiés
tui-replay-analyse-key = { $key } : analyser la partie, chaque coup comparé au meilleur que trouve le bot fort
tui-replay-not-analysed = Manche { $round } : non analysée (une longue partie est analysée sur des manches réparties)
# ○ marks the better move on the board.
tui-replay-round-analysed = Manche { $round } depuis ce gâteau ; ○ le meilleur coup
