# The cake and the two families on the room's page: each family's header,
# score and status, the cake's cells and column buttons (their labels are
# for screen readers), the lanes of mice, the dice rolling on the cake.

# The section of one family (a seat's player and their mice); $seat: Yellow or Blue.
board-family = { $seat } family
# After the player's own name in their family's header.
board-you = (you)
# Read by screen readers before the player's rating.
board-rating = rating
board-pips = { $pips } pips
# A family's score line before the game's first view. $score: board-pips, in bold.
board-score = { $score }, { $pieces ->
    [one] { $pieces } piece
   *[other] { $pieces } pieces
}
# A family's score line: its pips (board-pips, in bold), the pieces in its
# stash, its mice ready to go and those resting.
board-score-ready = { $score }, { $pieces ->
    [one] { $pieces } piece
   *[other] { $pieces } pieces
} · { $mice ->
    [one] { $mice } mouse
   *[other] { $mice } mice
} ready{ $resting ->
    [0] {""}
   *[other] , { $resting } resting
}

## A cell of the cake, for screen readers: `B3: 2/5, nearest for Yellow`

# $place: a column letter and a row (B3); $what: a piece (2/5), board-cell-empty or board-cell-face-down.
board-cell = { $place }: { $what }
board-cell-empty = empty
board-cell-face-down = face down
# The piece nearest a family's edge in its column: the one its mice go for.
board-cell-nearest = nearest for { $seat }
board-cell-nearest-both = nearest for { $first } and { $second }
# The title of the mark on a piece where a family's mice rest.
board-resting = { $seat }'s resting mice: they sit out a round
board-cake = The cake

## The column buttons while a player chooses, for screen readers

board-column-piece = Put a mouse on column { $column }, on { $piece }
board-column-face-down = Put a mouse on column { $column }, on a face-down piece
board-column-steal = Put a mouse on column { $column }, to steal
board-column-nothing-to-steal = Column { $column }: the double-blank, nothing to steal yet
board-column-empty = Column { $column }: empty

## A family's lane of mice above or below the cake

board-lane-mice = { $count ->
    [one] { $count } mouse
   *[other] { $count } mice
} of { $seat } on { $column }
# A move drawn on the cake by the game's analysis, not played.
board-lane-mice-better = { $count ->
    [one] { $count } mouse
   *[other] { $count } mice
} of { $seat } on { $column }, the better move
board-less = Take a mouse off column { $column }
# Beside mice on the double-blank: the piece they steal (6/6).
board-steal = steal { $piece }
board-lane = { $seat }'s mice

## The dice on the cake during a reveal, for screen readers

board-no-roll = no roll
board-dice-rolling = { $seat }'s dice rolling
# $outcome: how the attempt ended (took, below 9, …), or … while it waits.
board-dice-down = { $seat } rolled { $sum }: { $outcome }
board-dice-landed = { $seat } { $outcome }
board-boost-down = { $seat }'s boost rolled { $sum }
board-boost-rolling = { $seat }'s boost rolling

## A family's status, under its name

board-seat-free = seat free
# The player has sealed their move for this round.
board-committed = committed ✓
board-thinking = thinking…
board-away = disconnected
# $clock: how long the seat is kept for the player (1:05).
board-away-for = disconnected, { $clock } left
