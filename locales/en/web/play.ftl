# "Play now" (/play), quick pairing: the player's choices, the search for an
# opponent, the server's bot offered, the pairing, and the server's refusals.

play-title = Play now · Mice Cake
play-looking-title = Looking for an opponent · Mice Cake
play-paired-title = Paired · Mice Cake
play-heading = Play now
play-lead = Be paired with whoever is waiting, the closest rating first, in a private room made for the two of you. Nobody comes? The server's bot is offered after the wait you choose.
play-leaderboard = Leaderboard

## The choices

# Labels, each before its field.
play-your-name = Your name
play-pool = Pool
play-time = Time per round
play-offer-bot = Offer me the server's bot
# The first choice of pool.
play-any-pool = Any pool
# The choices of time per round.
play-time-any = Any
play-time-seconds = { $seconds } s
play-time-minutes = { $minutes } min
# The choices of when the server's bot is offered, after "Offer me the server's bot".
play-bot-after = after { $seconds } s
play-bot-never = never
# A checkbox; other messages name it ("under Rated").
play-rated = Rated: the game changes both players' ratings
play-rated-help = Your rating belongs to this browser's key, which it makes and keeps.
play-keyless = This browser cannot keep a key here, and a rating belongs to a player's key: a key needs WebCrypto, which browsers give only to pages served over HTTPS or from localhost, and IndexedDB, which some private windows lack. You can play a casual game: it changes no rating.
play-no-key = A rated game needs this browser's key, and it cannot keep one here (why: under Rated). Play a casual game instead?
play-start = Play now
play-casual = Play a casual game instead
play-name-first = Choose a name first: it is how your opponent sees you.

## The search

play-looking = Looking for an opponent…
# Told to screen readers as the search starts.
play-looking-announce = Looking for an opponent.
play-looking-announce-last = Looking for an opponent. { play-paired-last }
# Under the search's heading: what the player asked for. $pool is a pool's
# name or "Any pool", $time play-asked-time or play-asked-any-time.
play-asked = { $pool } · { $time } · { $rated ->
        [yes] rated
       *[no] casual
    } · { $botAfter ->
        [0] no bot
       *[other] the bot offered after { $botAfter } s
    }
# $time: "30 s", "2 min".
play-asked-time = { $time } per round
play-asked-any-time = any time per round
# $rating: the player's rating, like 1500 or 1500? (provisional).
play-your-rating = Your rating ({ $pool }): { $rating }
play-paired-last = You aborted { $aborted } of your last { $games } rated games (left, stayed away or did not open before both players had a move), so you are paired after everyone else.
play-waited = Waited { $seconds } s
play-cancel = Cancel
play-cancelled = Search cancelled.
play-reconnecting = The connection was lost: connecting again to seek again…
play-unreachable = The server cannot be reached: the server could not be reached for five minutes.

## The server's bot, offered after the wait chosen

# $policy: which bot (strong, greedy, random).
play-bot-offer = Nobody yet — play the server's { $policy ->
        [strong] strong
        [greedy] greedy
        [random] random
       *[other] { $policy }
    } bot (unrated)?
play-take-bot = Play the bot
play-keep-waiting = Keep waiting
play-starting-bot = Starting a game against the bot…

## Paired

# $badge: a BOT badge after a program's name, or nothing; $rating: the opponent's rating.
play-paired = Paired with { $name }{ $badge }
play-paired-rated = Paired with { $name }{ $badge } ({ $rating })
# Told to screen readers. $bot: yes when the opponent is a program.
play-paired-announce = Paired with { $name }{ $bot ->
        [yes] , a bot
       *[no] {""}
    }. Going to room { $code }.
play-arriving = Seated in room { $code }: waiting for your opponent to take their seat…
play-going = Going to room { $code }…

## The server's reasons and refusals: $reason is what the server said, a
## sentence or more, in the page's language (common/refusals.ftl)

play-unpaired = The pairing was called off: { $reason } Looking for another opponent…
play-unpaired-ended = The pairing was called off: { $reason } Choose again, or play now again.
play-search-ended = The search ended: { $reason } Choose again, or play now again.
# The server's refusal, then why this browser has no key.
play-refused-key = { $reason } { play-keyless }
play-refused-name = { $reason } Choose another.
