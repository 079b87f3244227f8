# The full-screen interface's notices, on the line at the bottom
# (client-cli/src/tui/model.rs): cues, explanations, what a key did.
# $key, $yes, $no are the keys to press, as they are.

tui-notice-back-commit-sent = Back: your commit for round { $round } is sent now
tui-notice-replaced = Your seat is played from another connection now: { $key } quits
# $reason is the server's refusal, in a sentence.
tui-notice-commit-not-played = Round { $round } ended while the connection was down: your commit was not played ({ $reason })
# Shown in the game's result while its record is checked.
tui-notice-checking-fair = Checking that the game was fair…
tui-notice-your-move = Your move — round { $round }
# One more missed deadline forfeits the game; $missed is how many were missed in a row.
tui-notice-your-move-last-chance = Your move — round { $round }. You missed { $missed } deadlines in a row: miss this one and you forfeit
tui-notice-opponent-left = Your opponent left: the next game starts when another player joins ({ $key } quits)
tui-notice-commit-waiting = Your commit is already waiting for the connection to come back
tui-notice-sealed-and-sent = Your move is sealed and sent: it is waiting for the server to take it
tui-seek-starting-bot-game = Starting a game against the server's bot…
tui-notice-still-looking = Still looking for a person ({ $key } stops)
tui-notice-chat-muted = Chat muted ({ $key } to unmute)
tui-notice-chat-back = Chat back
tui-notice-spectators-chat-shown = Showing the spectators' chat too ({ $key } hides it)
tui-notice-spectators-chat-hidden = Spectators' chat hidden
tui-notice-leave = Leave the game? You forfeit it. { $yes }/{ $no } (closing the terminal keeps your seat)
tui-notice-all-mice-placed = all { $available } available mice are placed; take one off another column first
tui-notice-target-where = a target is chosen on the double-blank's column
tui-notice-sealed-already = Your move of this round is sealed already: it is sent again, unchanged
tui-notice-commit-held = Reconnecting… your commit is sent as soon as the connection is back, if round { $round } is still open
# $column is a column's letter (A to D).
tui-notice-nothing-to-steal = column { $column } is the double-blank, and your opponent has nothing to steal yet
tui-notice-no-piece-left = column { $column } has no piece left

## Why the move cannot be committed yet ($placed, $available: mice; $mice: a family's mice; $piece: like 3/5)

tui-not-yet-game-over = Not yet: the game is over
tui-not-yet-too-many-mice = Not yet: { $placed } mice placed, but a family has only { $mice }
tui-not-yet-resting-mice = Not yet: { $placed } mice placed, but only { $available } are available: the others are resting
tui-not-yet-mice-left = Not yet: { $placed } of { $available } available mice placed: every available mouse must be placed
tui-not-yet-empty-column = Not yet: column { $column } has no piece left
tui-not-yet-nothing-to-steal = Not yet: column { $column } offers the double-blank, but the opponent has nothing to steal yet
tui-not-yet-no-target = Not yet: mice on the double-blank in column { $column } must name a piece of the opponent's to steal
tui-not-yet-target-not-held = Not yet: the opponent's stash does not hold { $piece }
tui-not-yet-target-without-steal = Not yet: { $piece } can only be stolen by mice on the double-blank, and none are placed there
# A challenge made, waiting for its answer; $key is the key that quits (q).
tui-challenge-waiting = Waiting for the answer — { $key } takes the challenge back
