# A player's page at /p/KEY (players.js): their name, accuracy, rating in
# each pool, refunds, and latest games. Messages ending in -yours are for
# the page of this browser's own key, -theirs for anyone else's.

player-loading = Loading the player…
player-unreachable = This player's page cannot be loaded: the server cannot be reached.
# The links every player page ends with.
player-leaderboard = Leaderboard
player-play-rated = Play a rated game

## A key that never played a game here

player-yours-title = Your page · Mice Cake
player-empty-title = A player · Mice Cake
player-yours-heading = Your page
player-empty-heading = A player without games
# $play: a link to quick pairing (player-play-now); $rating: where ratings start, 1500.
# “Rated” is the checkbox's label when creating a room.
player-no-games-yours = You have played no game here yet. { $play } (rated unless you untick it), or tick “Rated” when you create a room: a rated game changes both players' ratings, which start at { $rating }.
player-play-now = Play now
player-no-games = This player has played no game on this server.

## A player with games

# The page's title. $who: bot (a program plays the key), you (this browser's key), bot-you, or other.
player-title = { $who ->
        [bot] { $name } (bot) · Mice Cake
        [you] { $name } (you) · Mice Cake
        [bot-you] { $name } (bot) (you) · Mice Cake
       *[other] { $name } · Mice Cake
    }
# After the player's name in the heading, on this browser's own page.
player-you = (you)
player-declared-bot = A bot: this key declared that a program plays it. It is rated among bots, never against people.
# $key: the player's public key (64 hexadecimal digits).
player-key = Player key { $key }
# Games of rated rooms the player aborted: $aborted of their last $games. $last is yes
# when they aborted so many that quick pairing (“Play now”) pairs them after everyone else.
player-conduct-yours = Aborted { $aborted } of your last { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in rated rooms (left, stayed away or did not open before both players had a move){ $last ->
        [yes] : paired after everyone else in Play now
       *[no] {""}
    }.
player-conduct-theirs = Aborted { $aborted } of their last { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in rated rooms (left, stayed away or did not open before both players had a move){ $last ->
        [yes] : paired after everyone else in Play now
       *[no] {""}
    }.
# The player's accuracy over the rated games the server analysed: $percent of the
# rounds ($clean of $rounds) without a mistake.
player-accuracy = Accuracy { $percent } % over { $games ->
        [one] { $games } analysed rated game
       *[other] { $games } analysed rated games
    } ({ $clean } of { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    } without a mistake)
player-accuracy-unjudged = Accuracy { $percent } % over { $games ->
        [one] { $games } analysed rated game
       *[other] { $games } analysed rated games
    } (no round with a choice to judge)
player-no-rating-yet = No rating yet.
player-latest-games = Latest games

## A pool's rating

# $rating: the rating, as shown (1500, or 1500? while provisional); $provisional: yes or no;
# $record: wins, losses and draws (ratings-record).
player-rating-line = { $rating }{ $provisional ->
        [yes] {" "}provisional
       *[no] {""}
    } · { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }: { $record }
# Glicko's rating deviation. $leaderboard: a link to the pool's leaderboard (player-pool-leaderboard).
player-deviation = Deviation { $deviation }: the true strength is likely within { $within } of the rating. { $leaderboard }
# $pool: the pool's name (ratings-pool-*).
player-pool-leaderboard = { $pool } leaderboard
player-listed = On the leaderboard.
# $established: distinct established opponents so far, of the $needed (5); $against: games
# against established players, of all the pool's $games.
player-not-listed = Not on the leaderboard yet: it lists a rating that rests on games against established players (20 rated games here over at least a week) — { $established } of the { $needed } needed so far, and { $against } of { $games ->
        [one] { $games } game
       *[other] { $games } games
    } against them (half are needed).

## Refunds: rated games the server's operator took out of the ratings

player-refunds = Refunds
# In place of a rating before or after a refund.
player-no-rating = no rating
# $date: the day; $pool: the pool's name; $before, $after: the ratings (or player-no-rating);
# $games: how many of the player's own games were taken out (0: only others' games were).
player-refund-yours = { $date }, { $pool }: { $before } → { $after }. { $games ->
        [0] Rated games you did not play were taken out of the ratings by the server's operator; your rating moved as the ratings were played again without them.
        [one] { $games } rated game of yours was taken out of the ratings by the server's operator, and the ratings played again without them.
       *[other] { $games } rated games of yours were taken out of the ratings by the server's operator, and the ratings played again without them.
    }
player-refund-theirs = { $date }, { $pool }: { $before } → { $after }. { $games ->
        [0] Rated games they did not play were taken out of the ratings by the server's operator; their rating moved as the ratings were played again without them.
        [one] { $games } rated game of theirs was taken out of the ratings by the server's operator, and the ratings played again without them.
       *[other] { $games } rated games of theirs were taken out of the ratings by the server's operator, and the ratings played again without them.
    }

## The latest games (a table; cards on a phone)

player-none-yet = None yet.
player-column-date = Date
player-column-pool = Pool
player-column-opponent = Opponent
player-column-result = Result
player-column-rating = Rating
player-column-replay = Replay
# A game's result for the player; $seat: the seat they played (Yellow or Blue).
# aborted-self: this player aborted it; aborted-both: both did.
player-result = { $outcome ->
        [won] Won
        [lost] Lost
        [won-forfeit] Won (forfeit)
        [lost-forfeit] Lost (forfeit)
        [abandoned] Abandoned
        [aborted-both] Aborted by both
        [aborted-self] Aborted by this player
        [aborted-opponent] Aborted by the opponent
       *[draw] Draw
    }, as { $seat }
# After a game's result, for a game of a match: its number in the match.
player-match-game = match game { $number }
# A game that changed no rating.
player-casual = Casual
# $reason: why a game of a rated room was not rated.
player-not-rated = Not rated: { $reason }
# Both players of a game, when the page's player played neither seat.
player-versus = { $yellow } vs { $blue }
# A link to the game's replay; player-replay-which follows it, for screen readers only.
player-replay = Replay
player-replay-which = of the game against { $opponent } on { $date }
