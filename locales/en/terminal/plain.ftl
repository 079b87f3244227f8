# The line interface (client-cli/src/plain/): a game, a seek, an arena, the
# tables of rooms and seats, in lines of text for a person or a script.
# Room codes, names, assignments (A2 C1, D1 steal 6/6), commands and the
# words typed (pause, join, q, --no-chat) are never translated.

## Seeking an opponent (text_output.rs)

# A seek's time per round when any will do.
plain-any-time = any time
plain-any-pool = any pool
# $pool (text-pool or plain-any-pool), $time per round (like 30s, or plain-any-time), rated or casual, the player's rating (like 1500?).
plain-seeking =
    looking for an opponent: { $pool }, { $time } a round, { $kind ->
        [rated] rated
       *[casual] casual
    } (your rating { $rating })
# As plain-seeking, for a player who aborted $aborted of their last $games rated games.
plain-seeking-paired-last =
    looking for an opponent: { $pool }, { $time } a round, { $kind ->
        [rated] rated
       *[casual] casual
    } (your rating { $rating }); you aborted { $aborted } of your last { $games } rated games (left, stayed away or did not open before both players had a move), so you are paired after everyone else
# $policy is the bot's name (strong).
plain-bot-offered = nobody to pair with yet: playing the server's { $policy } bot instead (unrated)
# $badge is [BOT] after a bot's name, or nothing; $rating the opponent's.
plain-paired =
    paired with { $opponent }{ $badge } ({ $rating }) in room { $code }: { $pool }, { $time } a round, { $kind ->
        [rated] rated
       *[casual] casual
    }
# $reason is the server's own words.
plain-unpaired = pairing called off, room { $code } closed: { $reason }
# $why is text-seek-end.
plain-seek-ended = no longer looking for an opponent: { $why }

## The server's news (text_output.rs)

# $server is the server's name and version.
plain-connected = connected to { $server }
# A refusal: $code is the protocol's (room_full), never translated; $message the refusal in words.
plain-error = error ({ $code }): { $message }
# $message is the server's own words.
plain-shutting-down = server: { $message }
plain-renamed = { $key } is { $name } now
plain-bot-described = The bots' page shows this bot as played by { $engine } { $version }.
plain-you-are = room { $code } — you are { $seat }
# $command joins the room: a command line, never translated.
plain-waiting-for-opponent = waiting for an opponent: tell them to run  { $command }
plain-watching-room = watching room { $code }
plain-new-game = new game: you are { $seat } now
plain-left-room = left room { $code }
# $badge is [BOT] after a bot's name, or nothing.
plain-player-joined = { $name }{ $badge } joined as { $seat }
# Who plays which seat; the badges are [BOT] after a bot's name, or nothing.
plain-game-begins = game { $game } begins: { $yellow }{ $yellow_badge } is Yellow, { $blue }{ $blue_badge } is Blue
# $why is text-not-rated.
plain-not-rated = this game is not rated, although the room is: { $why }
plain-committed = { $seat } has committed
plain-back = { $seat } is back
# A player who went away forfeits after $seconds seconds unless back.
plain-disconnected-grace = { $seat } disconnected: forfeits in { $seconds }s unless back
plain-disconnected = { $seat } disconnected
# How many spectators watch the room.
plain-spectators = { $count } watching
plain-rematch = { $seat } asks for a rematch
plain-player-left = { $seat } left
# A seat's new rating (like 1532?), its deviation, and the rated games it rests on.
plain-rated = { $seat }'s rating: { $rating } (deviation { $deviation }, { $games } rated games)

## The rooms and seats tables (text_output.rs)

plain-no-public-rooms = no public rooms
# The rooms table's column headings: short words.
plain-rooms-code = code
plain-rooms-status = status
plain-rooms-yellow = yellow
plain-rooms-blue = blue
plain-rooms-round = round
plain-rooms-watching = watching
# A room's status in the table: one short word.
plain-room-waiting = waiting
plain-room-playing = playing
plain-room-finished = finished
# More public rooms than listed.
plain-rooms-more = … and { $count } more
plain-no-seat = you hold no seat
# The seats table's column headings: short words.
plain-seats-room = room
plain-seats-seat = seat
plain-seats-name = name
plain-seats-when = when
plain-seats-server = server
# A command line, never translated (SERVER and ROOM are to be replaced).
plain-take-seat-back = take one back with:  mice-cake --server SERVER resume ROOM
# How long ago a seat was kept, in a few characters.
plain-ago-now = just now
plain-ago-minutes = { $count } min ago
plain-ago-hours = { $count } h ago
plain-ago-days = { $count } d ago

## A game (mod.rs, output.rs, deciders.rs, typed.rs)

# The connection dropped ($reason); the next try in $seconds (with a decimal), the how-manieth.
plain-reconnecting = connection lost ({ $reason }); reconnecting in { $seconds } s (attempt { $attempt })
plain-reconnected = reconnected
# The player's own move, sealed: $assignment like A2 C2.
plain-committed-for-round = committed for round { $round }: { $assignment } (sealed)
# pause is a word the player types: never translated.
plain-waiting-to-be-paired = waiting to be paired again (type pause to stop)
# Ctrl-C pressed during a game: a second press within $seconds seconds leaves.
plain-leave-the-game = Leave the game? You forfeit it. Press Ctrl-C again within { $seconds } s to leave (or close the terminal: your seat is kept for a while, to resume)
plain-leaving-forfeit = leaving room { $code }: you forfeit game { $game }
plain-leaving = leaving room { $code }
# Where a finished game's record is on the server.
plain-record = record: /api/games/{ $id }
# A chat line said by a player.
plain-chat-player = chat: { $name } ({ $seat }): { $text }
plain-chat-spectator = chat: { $name } (spectator): { $text }
plain-chat = chat: { $name }: { $text }
plain-forced = nothing to decide this round: your only assignment is sealed for you
plain-out-of-input = standard input ended with a round to play: leaving the game
# A round opens for the player: $mice to place, $seconds left if the round is timed, and a legal assignment as an example ($example, like A2 C1) if there is one.
plain-your-turn =
    round { $round }: you are { $seat }, { $mice } mice to place{ $timed ->
        [yes] {" "}({ $seconds }s left)
       *[no] {""}
    }; type your assignment{ $like ->
        [yes] , like: { $example }
       *[no] {""}
    }
# $error says which rule the assignment breaks.
plain-cannot-be-played = { $assignment } cannot be played: { $error }
plain-chat-off = the chat is off (--no-chat)
# A line starting with { that the protocol cannot read.
plain-not-a-message = not a message: { $error }
plain-watching-nothing-to-play = you are watching: there is nothing to play (q leaves)
# A line that is no assignment ($line, in quotes); the examples are typed as they are.
plain-cannot-read-move = cannot read { $line }: { $error } (write it like `A2 C1` or `D1 steal 6/6`)
plain-noted = { $assignment }: noted, for when the next round opens

## A challenge (text_output.rs, mod.rs)

# Ctrl-C is a key: never translated.
plain-challenge-waiting = waiting for the answer (Ctrl-C takes the challenge back)
# $id is a challenge's (K7M2QX9PHT).
plain-challenge-taken-back = taking challenge { $id } back
