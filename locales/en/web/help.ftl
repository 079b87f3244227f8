# Help in the room: the walkthrough for a first game (until dismissed) and
# what the marks on the cake mean.

## The first-game walkthrough

# The button that dismisses the walkthrough for good.
help-got-it = Got it
help-walkthrough = How to play
help-first-game = Your first game
# ←/→ and ↑ are the arrow keys.
help-step-columns = Each round, put your mice on the columns of the cake: tap a column (or ←/→ and ↑). Your mice go for the piece nearest your edge, at the bottom.
help-step-dice = More mice roll more dice: the dice must reach the piece's pips. The odds for 1 to 4 mice show with your move.
help-step-tire = If the dice match both halves of the piece, those mice tire and rest a round.
# "Commit" is the button that seals a move (assign-commit).
help-step-commit = Commit: your move is sealed, secret even from the server, until your opponent's is in. Then both are revealed and the dice roll.
help-most-pips = Whoever hauls away the most pips wins.
# A link to the rules page.
help-rules = The whole rules

## What the marks on the cake mean (each after a sample of the mark)

help-legend = What the marks mean
help-legend-nearest = A coloured edge: that family's nearest piece in the column, the one its mice go for (Yellow's below it, Blue's above).
help-legend-changed = An outline: a place the last round changed (a piece taken or turned up).
# After the sample ●z2: Yellow's mark, z (tired) and a count of mice.
help-legend-resting = Resting mice: two of Yellow's tired on this piece and sit out the next round.
help-legend-tire = Tire: dice that show both halves of the piece (one die for a piece with a blank half) tire those mice; the piece stays, whatever the sum. With boost, they roll again instead.
# ✓, ✗, = and z are the marks themselves: keep them.
help-legend-marks = ✓ taken, ✗ not reached (or outrolled), = a tie (the piece stays), z tired: how each roll ended, during a reveal.
