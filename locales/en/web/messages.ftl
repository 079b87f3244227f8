# What the room page tells as the server's messages and the room's events
# come (messages.js): notices shown under the move panel, and what screen
# readers are told. { $player } is a player named with their seat, "Ann
# (Yellow)"; { $name } a name; { $seat } a seat's name, Yellow or Blue.

room-restarting = The server is restarting; the game will go on when it is back.
# Why a pairing was called off, when the server gives no reason; shown inside another sentence, so in lower case.
room-unpaired-no-show = Your opponent did not come.
# A challenge's room whose players did not both come within the time (`unpaired` naming the challenge).
room-challenge-called-off = The challenge's game is called off: a player did not take their seat in time. This room is closed.
room-sealed-waiting = Your move is sealed; waiting for your opponent.
# A chat line read out: { $speaker } is who said it, { $text } what they said.
room-chat-says = { $speaker } says: { $text }
room-sits-down = { $name } sits down as { $seat }.
room-player-back = { $player } is back.
room-player-lost = { $player } lost the connection.
room-rematch-offered = { $player } offers a rematch.
room-game-starts = Game { $game } starts.
# { $reason } says why, in lower case: "both players are on one network address".
room-game-starts-not-rated = Game { $game } starts. It is not rated: { $reason }.
# Shown under the move panel as a round starts.
room-your-move-notice = Your move — round { $round }.
# Read out as a round starts.
room-your-move-told = Your move: round { $round }.
# The other player has sealed their move for the round.
room-player-committed = { $player } has committed.
room-sealed-secret = Your move is sealed: secret, even from the server, until both are in.
room-player-left = { $player } left the room.
# { $result } is the game's result: "Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)".
room-game-over = Game over. { $result }.
# { $rating } is the rating and its change, as written: "1662? (+162)".
room-rating-told = { $player }'s rating: { $rating }.
# Told as a match ends: $result is how, as the result says it ("Ann wins the match 3–1", "Bob left: Ann wins the match").
room-match-over-told = { $result }.
# Told after a game of a match that goes on: $result is "Game 2 to Bob — Ann 1, Bob 1".
room-match-standing-told = Match: { $result }.
# Between two games of a match: the other player is ready for game $number.
room-match-ready-offered = { $player } is ready for game { $number }.
