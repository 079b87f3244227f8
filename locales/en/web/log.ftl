# The rounds' log on the room page (log.js): each round's moves, each roll
# with its dice, sum and outcome, the pieces turned up, and the room's
# earlier games. { $seat } is a seat's name (Yellow or Blue); { $column } a
# column's letter; { $piece }, { $target } a piece as written ("3/5",
# "steal 6/6"); { $cell } a place on the cake ("B2"): never translated.

# An earlier game of the room: { $yellow } and { $blue } are the players' names, { $result } the result.
log-past-game = Game { $game }: { $yellow } (Yellow) vs { $blue } (Blue) — { $result }
log-replay-game = Replay game { $game }
log-heading = Rounds
log-empty = No round played yet: each reveal appears here.
# The player missed the round's deadline and the server chose their move.
log-auto = { $seat } missed the deadline: the server chose
# The outcome of a roll while the other player's dice for the same piece are still to land.
log-contested-waiting = contested: waiting for the other dice

## A roll: who sent how many mice from which column, at what ("Yellow A 2 on 3/5"); then its dice, "7 → took"

log-attempt = { $seat } { $column } { $mice } on { $target }
log-boost = { $seat } { $column } boost { $mice } on { $piece }
log-boost-at-nothing = { $seat } { $column } boost { $mice } on nothing

## What a boost's roll did

log-boost-took = took
# { $boosted } more boosts followed from it.
log-boost-took-more = took (+{ $boosted } boost)
# { $pips } is the piece's pips.
log-boost-below = below { $pips }
log-boost-below-it = below it
log-boost-nothing = nothing to roll at

##

# { $yellow }, { $blue } are the moves as written: "A2 C2", or "nothing".
log-round = Round { $round }: Yellow { $yellow } — Blue { $blue }
log-turns-up = { $cell } turns up: { $piece }
# Read by screen readers while the dice tumble.
log-rolling = rolling
# Read by screen readers: { $dice } is each die's value ("4 2").
log-dice = dice { $dice }
