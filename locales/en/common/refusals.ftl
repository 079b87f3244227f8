# The server's refusals, by their code (`refusal-<code>`, the code as on the
# wire), said to the player. Arguments come from the refusal's `args`
# (protocol version 10): `$reason` where a code has several causes, and the
# numbers and names the sentence needs. A refusal from an older server has
# no arguments: every message reads well without them (the [other] branch).

refusal-version_mismatch = { $reason ->
    [client_older] This client is older than the server (protocol { $client }, the server speaks { $server }): update it.
    [server_older] This server is older than the client (protocol { $server }, the client speaks { $client }): use a client of its version, or ask its operator to update it.
   *[other] The client and the server speak different versions of the protocol.
}
refusal-hello_required = The client must say hello first.
refusal-already_greeted = The client said hello twice.
refusal-bad_message = The server could not read a message from this client.
refusal-unknown_message = The server does not know a message this client sent.
refusal-frame_too_large = { $reason ->
    [limit] A message was too large for the server (at most { $limit } bytes).
   *[other] A message was too large for the server.
}
refusal-binary_not_supported = The server takes text messages only.
refusal-rate_limited = { $reason ->
    [challenges] Too many challenges made lately. Wait a minute.
    [chat] Slow down: at most { $limit } chat message a second. That one was not sent.
    [spectator_chat] The spectators' chat is busy: at most { $limit } messages a second. That one was not sent.
    [messages] Too many messages at once: at most { $limit } a second. That one was ignored.
   *[other] Too many messages at once. Wait a moment.
}
refusal-bad_name = { $reason ->
    [empty] A name cannot be empty.
    [too_long] A name has at most { $most } characters, not { $chars }.
    [invisible] A name cannot hold { $character }: invisible, control and text-direction characters are refused.
    [leading_mark] A name cannot start with a combining mark ({ $character }).
    [too_many_marks] A name cannot pile more than { $most } combining marks on one character.
   *[other] That name is not accepted.
}
refusal-bad_options = { $reason ->
    [first_to] A match is played to at most { $max } wins.
   *[other] These game options are not accepted.
}
refusal-unknown_room = { $reason ->
    [named] No room has the code { $room }.
   *[other] No room has that code.
}
refusal-unknown_game = { $reason ->
    [named] No finished game has the id { $game }.
   *[other] No finished game has that id.
}
refusal-room_full = Both seats of this room are taken.
refusal-spectators_full = This room has as many spectators as it takes.
refusal-too_many_rooms = The server holds as many rooms as it can. Try again later.
refusal-too_many_connections = { $reason ->
    [pushed_out] The server is full, and this connection, in no game, made room for another. Try again later.
   *[other] The server is full. Try again later.
}
refusal-already_in_room = You are in a room already.
refusal-not_in_room = You are not in a room.
refusal-bad_token = That seat's token is not valid.
refusal-spectator_cannot_act = Spectators cannot play.
refusal-wrong_phase = { $reason ->
    [no_move_expected] No move is expected now.
    [round_over] { $round ->
        [0] The deal is over; this is round { $current }.
       *[other] Round { $round } is over; this is round { $current }.
    }
    [round_not_started] { $current ->
        [0] Round { $round } has not started; this is the deal.
       *[other] Round { $round } has not started; this is round { $current }.
    }
    [opening_before_both_sealed] Moves are opened once both are sealed: wait for your opponent's seal.
    [arena_rematch] An arena's games have no rematch: the arena pairs you again.
    [rematch_too_soon] A rematch can be asked once a game is over, with both players in the room.
    [opponent_left] Game { $game } is over and your opponent has left the room; the next game starts when another player joins.
    [not_started] The game has not started: the room waits for a second player.
    [game_over] The game is over; ask for a rematch to play again.
   *[other] That is not possible at this point of the game.
}
refusal-already_committed = { $reason ->
    [moved_for_you] The deadline passed: the server moved for you this round.
    [opened] Your move is opened already this round.
   *[other] Your move is sealed already this round.
}
refusal-bad_opening = This move and its nonce do not match your seal. Open the move you sealed, or you forfeit when the time to open runs out.
refusal-illegal_assignment = { $reason ->
    [game_over] The game is over.
    [too_many_mice] { $placed } mice placed, but a family has only 4.
    [resting_mice_used] { $placed } mice placed, but only { $available } are available: the others are resting.
    [mice_left_unplaced] { $placed } of { $available } available mice placed: every available mouse must be placed.
    [empty_column] Column { $column } has no piece left.
    [opponent_stash_empty] Column { $column } offers the double-blank, but your opponent has nothing to steal yet.
    [steal_without_target] Mice on the double-blank in column { $column } must name a piece of your opponent's to steal.
    [target_not_in_opponent_stash] Your opponent's stash does not hold { $piece }.
    [steal_target_without_steal] { $piece } can only be stolen by mice on the double-blank, and none are placed there.
   *[other] That move breaks a rule.
}
refusal-shutting_down = The server is shutting down.
refusal-internal = Something went wrong on the server; nothing was changed.
refusal-invalid_utf8 = A message was not valid text.
refusal-not_found = There is nothing at this address.
refusal-method_not_allowed = This address does not take that request.
refusal-upgrade_required = This address is for WebSocket connections.
refusal-bad_chat = { $reason ->
    [empty] A chat message needs some text.
    [too_long] A chat message has at most { $most } characters, not { $chars }.
   *[other] That chat message is not accepted.
}
refusal-unavailable = The room cannot be reached just now. Try again in a moment.
refusal-replaced = This seat was taken back by another connection (another tab or device), which plays it now.
refusal-bad_key = That key cannot be used here.
refusal-bad_signature = A signature did not check. Nothing was changed.
refusal-key_required = A rated game needs your key: a rating belongs to a key.
refusal-unknown_player = No player has that key.
refusal-already_seeking = You are looking for an opponent already.
refusal-too_many_new_keys = { $reason ->
    [limit] This address has brought { $limit } new keys into rated play in the last hour, as many as the server allows. Play with a key you have played rated games with, or a casual game.
   *[other] This address has brought as many new keys into rated play this hour as the server allows. Play with a key you have played rated games with, or a casual game.
}
refusal-operator_only = Only the server's operator may do that.
refusal-unknown_arena = No arena has that id.
refusal-arena_refused = { $reason ->
    [over] The arena is over.
    [no_bots] This arena does not take bots.
    [bad_code] This is a club's arena: join it with its join code.
    [in_another_room] You are in a room of another game: leave it first.
   *[other] The arena does not take you.
}
refusal-not_in_arena = You are in no arena.
refusal-unknown_match = { $reason ->
    [named] No match has the id { $match }.
   *[other] No match has that id.
}
refusal-challenge_refused = { $reason ->
    [yourself] You cannot challenge yourself.
    [nobody] { $player } takes no challenges.
    [not_played] { $player } takes challenges only from players they have played.
    [too_many] You have { $max } challenges waiting for an answer already: cancel one first.
    [bot_against_person] A rated challenge is between two bots or two people: a bot and a person play casual games only.
    [server_bot] A challenge is between two players: it cannot seat the server's bot.
   *[other] This challenge cannot be made.
}
refusal-unknown_challenge = { $reason ->
    [named] No challenge { $challenge } is waiting for you.
   *[other] No such challenge is waiting for you.
}
refusal-not_watching = Prove your key first (watch your challenges) to answer or cancel a challenge.
refusal-bad_bot_card = { $reason ->
    [empty] The card's { $field } cannot be empty.
    [too_long] The card's { $field } has at most { $most } characters, not { $chars }.
    [invisible] The card's { $field } cannot hold { $character }: invisible, control and text-direction characters are refused.
    [leading_mark] The card's { $field } cannot start with a combining mark ({ $character }).
    [too_many_marks] The card's { $field } cannot pile more than { $most } combining marks on one character.
   *[other] This bot's card is not accepted.
}
# A refusal whose code this client does not know (a newer server's): its
# English message is shown after this.
refusal-unknown-code = The server refused: { $message }

## A pairing called off, a seek ended (not refusals, but the server's
## reasons, said from the message's fields)

# The opponent never came: the player keeps their place.
unpaired-requeued = Your opponent did not take their seat and seal the deal in time: you are back at the head of the queue.
# The player never sealed the deal: their seek ends.
unpaired-not-requeued = You did not seal your deal in time while your opponent did: your place in the queue is lost.
seek-ended-cancelled = You stopped looking for an opponent.
seek-ended-shutting_down = The server is shutting down.
seek-ended-deal_not_sealed = You did not seal your deal in time.
seek-ended-no_room = The server could not make a room for the game.

## An arena's player not paired until they join again (arena_paused), by cause

arena-paused-paused = You paused: join again to be paired.
arena-paused-over = The arena is over.
arena-paused-replaced = You joined this arena from another connection, which plays now.
arena-paused-called_off = Your game was called off before it began: join again to be paired.
arena-paused-deal_not_sealed = You did not seal your deal in time: join again to be paired.
