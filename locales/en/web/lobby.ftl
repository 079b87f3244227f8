# The lobby (/): the public rooms, a new room and its options, joining or
# watching a room by its code, and links to the other pages.

lobby-looking = Looking for rooms…
lobby-leaderboard = Leaderboard
lobby-arenas = Arenas
lobby-your-page = Your page
# The game's name, the lobby's heading: never translated.
lobby-heading = Mice Cake
# Followed by a link, "The rules".
lobby-lead = Two families of mice race to haul the cake away. Play a friend, a bot, or watch.
lobby-rules = The rules
lobby-play-now = Play now
lobby-play-now-help = Be paired with whoever is waiting, the closest rating first; or play the server's bot.
# A label, before the name's field.
lobby-your-name = Your name
lobby-public-rooms = Public rooms

## Joining or watching a room by its code

lobby-join-heading = Join or watch a room
lobby-room-code = Room code
lobby-go = Go to the room
# K7QMX: an example of a room code, as it is.
lobby-bad-code = A room code is five letters and digits, like K7QMX.
lobby-unreachable = The server cannot be reached; trying again.

## A new room and its options

lobby-new-room = New room
lobby-opponent = Opponent
# The choices of opponent, after "Opponent".
lobby-opponent-person = a person (send them the link)
lobby-opponent-strong = the strong bot
lobby-opponent-greedy = the greedy bot
lobby-opponent-random = the random bot
# Which pieces are dealt face up, after "Pieces".
lobby-pieces = Pieces
lobby-reveal-standard = rows 1, 3, 5, 7 face up
lobby-reveal-all-face-up = all face up
lobby-reveal-all-face-down = all face down
# A checkbox: the game's "boost" rule in place of the mice tiring.
lobby-boost = Boost instead of tiring
lobby-time = Time per round
lobby-time-default = the server's default
lobby-time-seconds = { $seconds } s
lobby-time-minutes = { $minutes } min
lobby-time-none = no limit
# A match: game after game until a player has a number of wins, seats
# changing colour each game. The choices follow "Match".
lobby-match = Match
lobby-match-one = one game (then rematches)
lobby-match-first-to = first to { $wins } wins
lobby-match-other = first to another number of wins
# A label, before the field where the number is typed.
lobby-match-wins = Wins that take the match ({ $min } to { $max })
lobby-stall = Rounds without progress that end the game
lobby-private = Private (not listed)
# A checkbox; the refusals below name it ("untick Rated").
lobby-rated = Rated: the game changes both players' ratings
lobby-rated-help = Against a person, with { $limit } rounds without progress; each player needs a key, which this browser makes and keeps.
lobby-record-chat = Keep the chat with the game's record
lobby-create = Create the room
lobby-name-first = Choose a name first: it is how your opponent sees you.
lobby-rated-bot = A rated game is played against a person: a bot game is never rated. Choose a person, or untick Rated.
lobby-rated-stall = A rated game ends after { $limit } rounds without progress, the standard limit: set that, or untick Rated.
lobby-rated-keyless = This browser cannot keep a key on this page (a key needs WebCrypto, given only to pages served over HTTPS or from localhost, and IndexedDB), and a rating belongs to a key. Untick Rated to play a casual game.

## The public rooms: a table, each row a card on a phone

lobby-no-rooms = No public room right now: create one.
lobby-column-room = Room
lobby-column-status = Status
lobby-column-yellow = Yellow
lobby-column-blue = Blue
lobby-column-round = Round
# How many watch the room.
lobby-column-watching = Watching
# A room's status, as the server sends it.
lobby-room-status = { $status ->
    [waiting] waiting
    [playing] playing
    [finished] finished
   *[other] { $status }
}
lobby-room-status-rated = { $status ->
    [waiting] waiting, rated
    [playing] playing, rated
    [finished] finished, rated
   *[other] { $status }, rated
}
# Under the table, when it shows only some of the rooms.
lobby-rooms-total = { $total ->
    [one] { $total } room in all.
   *[other] { $total } rooms in all.
}
