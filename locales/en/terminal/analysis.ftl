# A finished game's analysis (client-cli/src/analysis.rs): `mice-cake
# analyse`, the accuracy after a game, the replay's panel. Assignments
# (A2 C2) are arguments, never translated; values are pips, signed (+1.5).

analysis-cannot-analyse = cannot analyse the game: { $error }
# The first line of `mice-cake analyse`: what its values mean. `strong` is a bot's name; $mistake a number of pips.
analysis-introduction = Each move against the best alternatives `strong` finds. Values are the mover's expected final margin in pips (+: ahead of the opponent at the end, −: behind); a loss comes with its 95 % interval, and a move is a mistake only when it surely costs { $mistake } pip or more (its loss then measured again, on fresh playouts):
# A player whose moves the server made at the deadline ($count rounds).
analysis-deadlines-missed =
    { $name } ({ $seat }) missed { $count ->
        [one] { $count } deadline
       *[other] { $count } deadlines
    }: the server's moves there are marked, and are not counted as theirs
analysis-long-game = A long game: { $analysed } of its { $rounds } rounds analysed, spread over it
# A round's line: $line is one player's move (analysis-*-move).
analysis-round = Round { $round }  { $line }

## Accuracy

# One seat's accuracy, a whole percentage; $you: yes for this player's own seat.
analysis-seat-accuracy =
    { $seat }{ $you ->
        [yes] {" "}(you)
       *[no] {""}
    } { $percent } %
# After a game: both seats' accuracy (analysis-seat-accuracy, joined), and the command that tells each round.
analysis-accuracy-line = accuracy (rounds without a mistake): { $accuracies }; `mice-cake analyse { $id }` tells each round
analysis-no-mistake = no mistake
# A costly mistake: its round and the pips it lost.
analysis-mistake = round { $round } (−{ $loss })
analysis-costliest = costliest: { $mistakes }
# A player's game: accuracy (a whole percentage), rounds played best of those with a choice, the pips lost a round, and analysis-no-mistake or analysis-costliest.
analysis-summary = { $name } ({ $seat }): accuracy { $accuracy } % ({ $best } of { $choices } rounds with a choice without a mistake), { $loss } pips lost a round on average; { $mistakes }
# As analysis-summary, in a narrow panel.
analysis-short-summary = { $seat }: accuracy { $accuracy } %, −{ $loss }/round
analysis-short-summary-worst = { $seat }: accuracy { $accuracy } %, −{ $loss }/round, worst round { $worst }

## A move

analysis-no-choice = { $name } ({ $seat }) had no choice
# The better move found ($best, like A2 C2), its value, and the pips the move played lost (like 3.2 ± 1.1).
analysis-better = better: { $best } ({ $value }): { $loss } pips lost
# The server's move at the deadline ($played) and its value.
analysis-deadline-move = { $name } ({ $seat }) missed the deadline; the server moved { $played } ({ $value })
# As analysis-deadline-move, then analysis-better.
analysis-deadline-move-better = { $name } ({ $seat }) missed the deadline; the server moved { $played } ({ $value }); { $better }
analysis-mistake-move = { $name } ({ $seat }) played { $played } ({ $value }); { $better }
analysis-good-move = { $name } ({ $seat }) played { $played } ({ $value }), as good as any found
# $low and $high bound the pips the move may have lost.
analysis-unclear-move = { $name } ({ $seat }) played { $played } ({ $value }), no clear mistake (≈ { $low } to { $high } pips behind the best found)

## A move in a narrow panel

analysis-short-no-choice = { $seat }: no choice
analysis-short-deadline = { $seat }: missed the deadline; the server moved { $played }
# The move played, the pips it lost, and the better move.
analysis-short-mistake = { $seat }: { $played }, −{ $loss } pips → { $best }
analysis-short-fine = { $seat }: { $played }, no clear mistake
