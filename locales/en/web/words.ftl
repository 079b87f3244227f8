# The game's words, used on every page: the seats, what an attempt went
# for and how it ended, how a game ended, why a game was not rated, the
# options of a room, and the lines that tell a reveal as it plays.
# Piece names (3/5), column letters (A–D), places (B2) and assignments
# (A2 C2) are written as they are in every language: they come in as
# arguments.

## The two seats, capitalized as names

words-seat-yellow = Yellow
words-seat-blue = Blue

## An assignment as written (`A2 C2 steal 6/6`) and what an attempt went for

# The steal part of an assignment: `steal 6/6`, beside column parts like A2.
words-assignment-steal = steal { $piece }
# An assignment that puts no mouse anywhere.
words-assignment-nothing = nothing
# What an attempt went for, in the rounds' log: a steal of a piece.
words-target-steal = steal { $piece }
# What an attempt went for: mice that found the double-blank face down.
words-target-blind = blind: 0/0

## How an attempt ended, in a word or two (the rounds' log, the cake's labels)

words-outcome-took = took
# The dice's sum was below the piece's pips ($value).
words-outcome-too-low = below { $value }
words-outcome-exhausted = { $count ->
    [one] { $count } mouse
   *[other] { $count } mice
} tired
# Beaten by the other player's higher roll on the same piece.
words-outcome-lost-contest = outrolled
words-outcome-tied-contest = tied
words-outcome-stole = stole
words-outcome-exchanged = exchanged
words-outcome-no-roll = no roll

## How a game ended: `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)`

# The score line; $yellow and $blue are pips.
words-score = Yellow { $yellow } – Blue { $blue }
# Why a played game ended, in brackets after who won.
words-end-board-cleared = the cake is gone
words-end-no-moves-left = no mouse can move
words-end-stall-limit = the stall limit was reached
# Who won a played game, and what decided it.
words-won-pips = { $seat } wins on pips
words-won-pieces = { $seat } wins on the number of pieces
words-won-double-six = { $seat } wins holding the 6/6
# A winner the result gives with no decider (never so in a game played
# out): English keeps the space its sentence had, before the brackets.
words-won-other = { $seat } wins{" "}
words-winner = { $seat } wins
words-no-winner = nobody wins
# $score: words-score; $won: words-won-*; $why: words-end-*.
words-result-won = { $score }, { $won } ({ $why })
words-result-draw = { $score }, a draw ({ $why })
# $winner: words-winner or words-no-winner; $forfeit: words-forfeit-*.
words-result-forfeit = { $score }, { $winner }: { $forfeit }
words-result-aborted = { $score }, aborted before both players had a move: { $forfeit } — { $winner }, not rated
words-result-abandoned = { $score }, abandoned: { $forfeit }
words-result-abandoned-won = { $score }, abandoned: { $forfeit }; { $winner }

## Who forfeited and why. $who is "both" when both players did, else a
## seat ("yellow", "blue"); $seat is that seat's name.

words-forfeit-missed-deadlines = { $who ->
    [both] both players missed too many deadlines
   *[other] { $seat } missed too many deadlines
}
words-forfeit-disconnected = { $who ->
    [both] both players stayed away too long
   *[other] { $seat } stayed away too long
}
words-forfeit-left = { $who ->
    [both] both players left the game
   *[other] { $seat } left the game
}
words-forfeit-not-opened = { $who ->
    [both] both players did not open a sealed move in time
   *[other] { $seat } did not open a sealed move in time
}
# A cause this client does not know, as the server sent it ($cause).
words-forfeit-other = { $who ->
    [both] both players
   *[other] { $seat }
} { $cause }

## Why a game in a rated room is not rated

words-not-rated-same-address = both players are on one network address
words-not-rated-pair-limit = these two players have had 3 rated games together in the last 24 hours
words-not-rated-bot-against-person = a bot plays a person: bots are rated among bots
words-not-rated-same-key = one key sits in both seats
words-not-rated-aborted = it ended before both players had a move
words-not-rated-abandoned = both players forfeited at once

## A deal that never started: a seat sealed its nonce and never opened it

words-refused-both = Yellow and Blue both sealed a nonce and never opened it, and the game was aborted.
words-refused = { $seat } sealed a nonce and never opened it, and the game was aborted.

## A room's options, as a list: `standard, boost, 1:00/round, rated`

words-reveal-standard = standard
words-reveal-all-face-up = all face up
words-reveal-all-face-down = all face down
words-variant-boost = boost
# The time for each round, like 1:00.
words-variant-deadline = { $clock }/round
words-variant-no-deadline = no deadline
words-variant-rated = rated

# A player and their seat, so that two players of one name are told apart: Ann (Yellow).
words-who = { $name } ({ $seat })

## A reveal as it plays, for the page and screen readers. $seat and $other
## are seat names, $sum a roll's sum, $value a piece's pips.

words-rolling-steal = { $seat } rolls { $dice ->
    [one] { $dice } die
   *[other] { $dice } dice
} to steal { $piece }…
words-rolling = { $seat } rolls { $dice ->
    [one] { $dice } die
   *[other] { $dice } dice
} for { $piece } in { $column }…
# Mice on a face-down double-blank: it turns up, and they roll no dice.
words-blind = { $seat }'s mice find the double-blank in { $column }: no roll.
words-landed-steal-waiting = { $seat }'s { $sum } reaches { $piece }: if { $other }'s steal succeeds too, they exchange.
words-landed-contested = { $seat }'s { $sum } reaches { $piece }: contested, { $other } rolls for it too.
# $rival: the other player's sum, which $sum beat.
words-landed-won-contest = { $seat }'s { $sum } beats { $rival }: { $seat } takes { $piece }.
words-landed-took-contested = { $seat } takes { $piece } with { $sum }.
words-landed-took = { $seat } { $sum } ≥ { $value }: takes { $piece }.
# $winner: the seat whose sum ($rival) beat this one ($sum); $rival may be "?".
words-landed-lost-contest = { $winner }'s { $rival } beats { $sum }: { $winner } takes { $piece }.
words-landed-tied = A tie at { $sum }: { $piece } stays.
words-landed-too-low = { $seat } { $sum }, below { $value }: { $piece } stays.
words-landed-exhausted = { $seat }'s dice match { $piece }: { $count ->
    [one] { $count } mouse
   *[other] { $count } mice
} tired, it stays.
words-landed-stole = { $seat } { $sum } ≥ { $value }: steals { $piece }, with the double-blank.
words-landed-exchanged = Both steals succeed: the stolen pieces change hands and the double-blank leaves the game.
# A boost: mice whose dice matched roll again at the next piece. $pips: that piece's pips.
words-boost-took = { $seat }'s boost: { $sum } ≥ { $pips }, takes { $piece } in { $column }.
# $count: how many boosts more follow this one.
words-boost-took-more = { $seat }'s boost: { $sum } ≥ { $pips }, takes { $piece } in { $column } (+{ $count ->
    [one] { $count } boost
   *[other] { $count } boosts
}).
words-boost-too-low = { $seat }'s boost: { $sum }, below { $pips }: { $piece } stays.
words-boost-nothing = { $seat }'s boost in { $column }: nothing to roll at.
words-boost-rolling = { $seat }'s boost: { $dice ->
    [one] { $dice } die
   *[other] { $dice } dice
} for { $piece } in { $column }…
# Pieces turned face up: $pieces is a place and its piece (B2 1/4), or several, with commas.
words-turn-up = { $count ->
    [one] { $pieces } turns up.
   *[other] Turning up: { $pieces }.
}
# Both moves of a round, once revealed: Round 3: Yellow A2 C2 · Blue B4.
words-round-assignments = Round { $round }: Yellow { $yellow } · Blue { $blue }
