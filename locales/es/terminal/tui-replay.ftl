# Stepping through a finished game (client-cli/src/tui/replay.rs): the
# title, the panel's analysis of the round on screen.

# The title: $game is the start of the game's id, $position where the replay is.
tui-replay-title-of = repetición de { $game }…  { $position }
tui-replay-title = repetición  { $position }
tui-replay-before-first = antes de la ronda 1 de { $rounds }
tui-replay-after = tras la ronda { $round } de { $rounds }
tui-replay-no-seed = El registro no tiene semilla: sus dados no se pudieron comprobar
tui-replay-analyse-key = { $key }: analizar la partida, cada jugada frente a la mejor que encuentra el bot fuerte
tui-replay-not-analysed = Ronda { $round }: sin analizar (una partida larga se analiza en rondas repartidas)
# ○ marks the better move on the board.
tui-replay-round-analysed = Ronda { $round } desde este pastel; ○ la jugada mejor
