# What happens in a game, in both interfaces and the plain output
# (client-cli/src/text.rs): the seats, a round's attempts and boosts, the
# pieces turned up, the cake and the families, how a game ended.
# Pieces (3/5), cells (C3), columns (A-D) and assignments (A2 C2) are
# arguments: never translated.

# A seat's name: $seat is yellow or blue.
text-seat =
    { $seat ->
        [yellow] Yellow
       *[blue] Blue
    }
text-mice =
    { $count ->
        [one] { $count } mouse
       *[other] { $count } mice
    }
# A pool of rated games in words ($pool is the name typed after --pool).
text-pool =
    { $pool ->
        [standard] standard
        [boost] boost
        [face_up] face up
        [face_up_boost] face up boost
        [face_down] face down
       *[face_down_boost] face down boost
    }
# Why a game in a rated room is not rated; $games is how many rated games two players may play together in a day.
text-not-rated =
    { $why ->
        [same_address] both players are on one network address
        [pair_limit] these two players have had { $games } rated games together in the last 24 hours
        [bot_against_person] a bot plays a person: bots are rated among bots
        [same_key] one key sits in both seats
        [aborted] it ended before both players had a move
       *[abandoned] both players forfeited at once
    }
# Why a seek ended without a game; $reason is the server's own words, for a room it could not make.
text-seek-end =
    { $cause ->
        [cancelled] cancelled
        [shutting_down] the server is shutting down
        [deal_not_sealed] you did not seal your deal in time
       *[no_room] { $reason }
    }

## An attempt: who, where, with how many mice, at what, the dice and what came of it

# What the mice went for: a piece ($piece, like 3/5), a steal of the opponent's piece, or the double-blank found blind.
text-attempt-target =
    { $target ->
        [piece] on { $piece }
        [steal] stealing { $piece }
       *[blind] found the double-blank blind
    }
# What came of an attempt; $value is the piece's pips, $exhausted the mice exhausted.
text-attempt-outcome =
    { $result ->
        [took] took it
        [too_low] below { $value }
        [exhausted] { $exhausted ->
            [one] { $exhausted } mouse exhausted
           *[other] { $exhausted } mice exhausted
        }
        [lost_contest] outrolled by the other side
        [tied_contest] tied: nobody takes it
        [stole] stole it, and the double-blank
        [exchanged] both stole: exchanged, double-blank removed
       *[no_attempt] no attempt
    }
# An attempt without dice: $seat $column: $mice $target: $outcome.
text-attempt = { $seat } { $column }: { $mice } { $target }: { $outcome }
# An attempt with its dice ($dice, like 4 2) and their sum; $boosted mice gained a boost.
text-attempt-rolled =
    { $seat } { $column }: { $mice } { $target }, rolled { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
        [one] , { $boosted } mouse boosted
       *[other] , { $boosted } mice boosted
    }

## A boost roll

# What came of a boost roll; $pips are the piece's.
text-boost-outcome =
    { $result ->
        [took] took it
        [too_low] below { $pips }
        [short] short
       *[nothing] nothing to roll at
    }
text-boost = { $seat } { $column } boost: { $outcome }
# A boost rolled at a piece; $boosted more mice gained a boost.
text-boost-rolled-on =
    { $seat } { $column } boost on { $piece }, rolled { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } boost
    }
text-boost-rolled =
    { $seat } { $column } boost, rolled { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } boost
    }

## A round

# A round's first line: both seats' assignments ($yellow, $blue: like A2 C2).
text-round-header = Round { $round }: Yellow { $yellow } — Blue { $blue }
# The server played a seat's assignment when the deadline passed.
text-deadline-missed = { $seat } missed the deadline: the server chose
# As text-deadline-missed, with how many deadlines were missed in a row of the $limit that forfeit.
text-deadline-missed-tally = { $seat } missed the deadline: the server chose ({ $count } of { $limit })
text-deadline-missed-forfeits = { $seat } missed the deadline: the server chose ({ $count } of { $limit }: forfeits)
# A face-down piece turned up: $cell like C3, $piece like 2/5.
text-turns-up = { $cell } turns up: { $piece }
text-resting =
    { $seat }: { $count ->
        [one] { $count } mouse rests
       *[other] { $count } mice rest
    } next round
# Under the cake: a family's pips, pieces taken and mice free to place.
text-family =
    { $seat }: { $pips } pips in { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    }, { $available ->
        [one] { $available } mouse
       *[other] { $available } mice
    } available

## How a game ended

text-game-over = Game over: { $outcome }
# Both seats' pips.
text-score = Yellow { $yellow } – Blue { $blue }
text-end-why =
    { $end ->
        [board_cleared] the cake is gone
        [no_moves_left] no mouse can move
       *[stall_limit] the stall limit was reached
    }
# $score is text-score; $decided says what decided the winner (draw: nothing to say), $why is text-end-why.
text-outcome-won =
    { $score }, { $winner } wins { $decided ->
        [pips] on pips
        [pieces] on the number of pieces
        [double_six] holding the 6/6
       *[draw] {""}
    } ({ $why })
text-outcome-draw = { $score }, a draw ({ $why })
# $winner is text-wins or text-nobody-wins, $forfeit is text-forfeit.
text-outcome-forfeit = { $score }, { $winner }: { $forfeit }
# $forfeit is text-forfeit-both.
text-outcome-abandoned = { $score }, abandoned: { $forfeit }
text-outcome-abandoned-won = { $score }, abandoned: { $forfeit }; { $winner }
text-outcome-aborted = { $score }, aborted before both players had a move: { $forfeit }; { $winner }, not rated
text-wins = { $seat } wins
text-nobody-wins = nobody wins
# A seat that forfeited, and why.
text-forfeit =
    { $seat } { $cause ->
        [missed_deadlines] missed too many deadlines
        [disconnected] stayed away too long
        [left] left the game
       *[not_opened] did not open a sealed move in time
    }
text-forfeit-both =
    both players { $cause ->
        [missed_deadlines] missed too many deadlines
        [disconnected] stayed away too long
        [left] left the game
       *[not_opened] did not open a sealed move in time
    }

## A probability

# $percent is a whole number.
text-percent = { $percent }%
text-percent-below-one = <1%
text-percent-above-99 = >99%

## A match (a room playing to a number of wins). Names go in as they are.

text-match-score = Match, first to { $first_to }: { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
text-match-won = { $winner } wins the match
text-match-forfeit = { $loser } left the match: { $winner } wins it
text-match-abandoned = Both players left: the match is over, nobody wins it
text-match-next = Game { $number } starts in { $seconds } s (or as soon as both are ready)
