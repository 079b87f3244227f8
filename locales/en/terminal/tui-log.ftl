# The rounds' log of the full-screen interface (client-cli/src/tui/log.rs):
# each round's header, its attempts and boosts in few words (the dice and
# sums are drawn beside them), the room's earlier games.

tui-log-empty = No round played yet: each reveal appears here.
# $reason says why, in a phrase.
tui-log-not-rated = This game is not rated: { $reason }.
# An earlier game of the room: its number, the players' names, its result in a sentence.
tui-log-earlier-game = Game { $game }: { $yellow } (Yellow) vs { $blue } (Blue) — { $result }
# A round's header: $yellow and $blue are each seat's name and move (Yellow A2 C2), drawn in its colour.
tui-log-round = Round { $round }  { $yellow } — { $blue }
# A boost roll on a line of its own: $roll is what it went for and how it ended.
tui-log-boost = { $seat } { $column } boost: { $roll }

## What an attempt or a boost went for ($mice: how many mice; $piece: like 3/5)

tui-log-on = { $mice } on { $piece }
tui-log-steal = { $mice } steal { $piece }
tui-log-blind = { $mice } blind: found 0/0
tui-log-boost-nothing = { $mice } mice, nothing to roll at

## How it ended, after the dice and their sum

# Reached the piece, but the other family's dice decide who gets it.
tui-log-contested = contested…
tui-log-took = took
# The sum was below the piece's pips.
tui-log-below = below { $pips }
tui-log-tired = { $mice } tired
tui-log-outrolled = outrolled
tui-log-tied = tied
tui-log-stole = stole
tui-log-exchanged = exchanged
tui-log-no-roll = no roll
# Mice that earned a boost roll.
tui-log-boosted = +{ $mice } boost
tui-log-short = short
tui-log-nothing-to-roll = nothing to roll at
