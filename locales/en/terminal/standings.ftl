# `mice-cake top` and `mice-cake me` (client-cli/src/standings.rs): a
# pool's leaderboard and a player's page. Pools are named as typed after
# --pool (standard, face_up, …): never translated here.

## The leaderboard

# An empty leaderboard ($bots: yes for the bots' one), and why.
standings-nobody-leads =
    { $bots ->
        [yes] no bot
       *[no] nobody
    } leads the { $pool } pool yet: a rating shows here once it is no longer provisional (about a dozen rated games) and rests on games against established players (at least half of them, against five or more players with 20 rated games over a week)
standings-bots-of = bots of the { $pool } pool (keys that declared themselves bots, rated among bots):
# The leaderboard's column headings: short words over numbers (rd: the rating's deviation).
standings-column-rank = rank
standings-column-name = name
standings-column-rating = rating
standings-column-rd = rd
standings-column-games = games

## A player's page

# A player's name, [BOT] for a bot ($badge), and their key.
standings-player = { $name }{ $badge } — key { $key }
standings-a-bot = a bot: this key declared that a program plays it; it is rated among bots
# A pool's line: its name and rating (padded to line up), rd (the rating's deviation), the games won, lost and drawn.
standings-pool = { $pool } { $rating }  rd { $deviation }  { $wins } won, { $losses } lost, { $draws } drawn
standings-listed = on the leaderboard
# $established of the $needed established opponents needed, $against of its $games games against them.
standings-not-listed = not on the leaderboard yet: it lists a rating resting on games against established players — { $established } of the { $needed } needed so far, { $against } of its { $games } games against them (half needed)
standings-no-rating = no rating
# The server's operator took games out of a rating: on $day (2025-11-26), in $pool, from $before to $after.
standings-refunded =
    refunded on { $day }: { $pool } { $before } → { $after } ({ $games ->
        [0] games that moved it
        [one] { $games } game of its own
       *[other] { $games } games of its own
    } taken out by the server's operator)
# $percent is a whole number; rounds without a mistake ($clean) of all ($rounds).
standings-accuracy =
    accuracy { $percent } % over { $games } analysed rated { $games ->
        [one] game
       *[other] games
    } ({ $clean } of { $rounds } rounds without a mistake)
# $last: yes when the player is paired after everyone else for it.
standings-aborted =
    aborted { $aborted } of the last { $games } games in rated rooms{ $last ->
        [yes] : paired after everyone else
       *[no] {""}
    }
# The command is never translated (ID: a game's id).
standings-latest-games = latest games (mice-cake replay ID):
# One of the latest games: its id, the outcome for the player, the opponent, and the rating it moved (+12), or standings-casual, or standings-not-rated.
standings-recent =
    { $id } { $outcome ->
        [won] won
        [lost] lost
        [drew] drew
        [aborted] aborted
       *[none] {""}
    } against { $opponent } { $change }
standings-casual = (casual)
# $why is text-not-rated.
standings-not-rated = (not rated: { $why })
# A game of a match: its number there, and how to prove the match whole ($id, never translated).
standings-match-game = (match game { $number }: mice-cake verify --match { $id })
