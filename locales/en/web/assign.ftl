# The panel of a player choosing a move: the heading, Commit and Clear, the
# steal's target, what the chosen column offers and the odds table for one
# to four mice, and the keys.

# A chance, in the odds table: 42%.
assign-percent = { $value }%
assign-percent-below-one = <1%
assign-percent-above-99 = >99%
# The odds table's label, for screen readers.
assign-odds = Odds on { $piece } with 1 to 4 mice
# The odds table's heading row: how many mice are placed (1 to 4 follow).
assign-odds-mice = mice
# The odds table's rows: the chance to take the piece, and of a match (the
# dice show both halves), which tires the mice, or with boost boosts them.
assign-odds-take = take
assign-odds-tire = tire
assign-odds-boost = boost

## What the chosen column offers ($column: its letter)

assign-help-piece = { $column }: { $piece } ({ $pips ->
    [one] { $pips } pip
   *[other] { $pips } pips
}). A match tires: those mice rest a round.
assign-help-piece-boost = { $column }: { $piece } ({ $pips ->
    [one] { $pips } pip
   *[other] { $pips } pips
}). A match boosts: those mice roll again at the next piece.
assign-help-face-down = { $column }: a face-down piece. It turns up before the dice roll; your mice go for it whatever it is.
assign-help-steal = { $column }: the double-blank. Mice here steal a piece of your choice from your opponent's stash (and take the double-blank), rolling against that piece.
# The odds table for the piece to steal ($piece) follows.
assign-help-steal-against = { $column }: the double-blank. Mice here steal a piece of your choice from your opponent's stash (and take the double-blank), rolling against that piece. Against { $piece }:
assign-help-nothing-to-steal = { $column }: the double-blank, but your opponent has nothing to steal yet.
assign-help-empty = { $column }: no piece left.

## The panel's controls

# The button that seals the move.
assign-commit = Commit
# Beside Commit, on wide screens only.
assign-commit-secret = (secret until both are in)
assign-clear = Clear
# The list of pieces in the opponent's stash to steal, for screen readers.
assign-steal-target = piece to steal
assign-steal-option = { $piece } ({ $pips ->
    [one] { $pips } pip
   *[other] { $pips } pips
})
# The label before the list of pieces to steal.
assign-steal = Steal
assign-label = Your move
assign-heading = Your move: { $placed } of { $count ->
    [one] { $count } mouse
   *[other] { $count } mice
} placed
# The letters a–d, t and x are the keys themselves: keep them.
assign-keys = Tap a column to put a mouse on it, − to take one off. Keys: ←/→ or a–d column, ↑/↓ a mouse, t target, x clear, Enter commit.
