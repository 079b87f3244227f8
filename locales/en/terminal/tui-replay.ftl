# Stepping through a finished game (client-cli/src/tui/replay.rs): the
# title, the panel's analysis of the round on screen.

# The title: $game is the start of the game's id, $position where the replay is.
tui-replay-title-of = replay of { $game }…  { $position }
tui-replay-title = replay  { $position }
tui-replay-before-first = before round 1 of { $rounds }
tui-replay-after = after round { $round } of { $rounds }
tui-replay-no-seed = No seed in the record: its dice could not be checked
tui-replay-analyse-key = { $key }: analyse the game, each move against the best the strong bot finds
tui-replay-not-analysed = Round { $round }: not analysed (a long game is analysed at rounds spread over it)
# ○ marks the better move on the board.
tui-replay-round-analysed = Round { $round } from this cake; ○ the better move
