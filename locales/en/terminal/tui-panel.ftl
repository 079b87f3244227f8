# The panel beside the board (client-cli/src/tui/view/panel.rs): the move
# being made, the reveal, the game's end. It can be 26 columns wide.

tui-panel-reveal = Reveal
tui-panel-game-over = Game over
tui-panel-round = Round
tui-panel-replay = Replay
tui-panel-watching = Watching
tui-panel-played-elsewhere = Played elsewhere now
tui-panel-played-elsewhere-why = Another tab, terminal or device took this seat and plays it. q quits.
tui-panel-replay-keys = → the next round, ← the one before; Home and End.
tui-panel-watching-secret = You are watching. Assignments stay secret until both are in.

## The title over the move being made (the shortest that fits is used)

tui-panel-your-move = Your move · { $placed } of { $available } mice
tui-panel-mice-placed = { $placed } of { $available } mice

## Once the move is in ($assignment: like A2 C2)

tui-panel-committed = Committed: { $assignment }
tui-panel-waiting-for = Waiting for { $seat }…
tui-panel-commit-held = Commit for round { $round } held
tui-panel-commit-held-until = sent as soon as the connection is back
# Sealed and sent, not yet taken by the server.
tui-panel-sealed = Sealed: { $assignment }
tui-panel-sent = sent; waiting for the server to take it…
tui-panel-sent-not-taken = sent { $clock } ago, not yet taken by the server: it may be busy or unreachable
tui-panel-disconnected = Disconnected
# $command: the command that comes back to the room.
tui-panel-seat-kept = Your seat is kept for a while: q, then { $command }
tui-panel-reconnecting = Reconnecting…
tui-panel-seat-comes-back = your seat comes back by itself
tui-panel-nothing-to-decide = Nothing to decide this round: your only assignment is sealed for you.

## The reveal and the game's end

tui-panel-round-revealed = Round { $round } revealed
tui-panel-dice-roll = the dice roll… (any key: the end)
tui-panel-opponent-left = Opponent left: waiting for another
tui-panel-rematch-asked = Rematch asked: waiting for the answer
tui-panel-rematch-key = { $key }: a rematch, seats swapped
tui-panel-next-game = Waiting for the next game

## A column of the move: its mice ($count, or -) and what they go for

tui-panel-column-on = { $count } on { $piece }
tui-panel-column-face-down = { $count } on a face-down piece (blind)
# $key picks another piece to steal.
tui-panel-column-steal = { $count } steal { $piece } ({ $key })
tui-panel-column-steal-pick = { $count } steal: { $key } picks a target
tui-panel-column-nothing-to-steal = double-blank: nothing to steal yet
tui-panel-column-empty = empty
# The odds: of taking the piece, and of the dice matching it (tiring the mice, or a boost).
tui-panel-odds-tire = take { $take } tire { $tire }
tui-panel-odds-boost = take { $take } boost { $boost }
