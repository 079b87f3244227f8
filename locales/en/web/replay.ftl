# A finished game's replay (/g/ID), round by round, and the page of a game
# that ended at its deal. $yellow and $blue are the players' names, $code a
# room's code.

replay-loading = Loading the game…
# $id: the game's id, as in its address.
replay-no-game = No game has the id { $id }.
replay-cannot-load = This game cannot be loaded.
replay-title = Replay: { $yellow } (Yellow) vs { $blue } (Blue) · Mice Cake
replay-heading = Replay: { $yellow } (Yellow) vs { $blue } (Blue)
# Under the heading: the room, and the game's rules ("standard, boost, 1:00/round").
replay-meta = room { $code } · { $variant }
replay-meta-room = room { $code }
replay-previous = ← Previous round
replay-next = Next round →
# Which step of the replay the cake shows.
replay-dealt = The cake as dealt
replay-after-round = After round { $round } of { $rounds }

## A rated game's players and what the game did to their ratings

# $reason: why the game was not rated.
replay-not-rated = Played in a rated room ({ $pool }), not rated: { $reason }.
# $yellow and $blue here: each replay-rated-player(-change).
replay-rated = Rated game ({ $pool }): { $yellow } · { $blue }
replay-rated-player = { $name } ({ $seat })
# $change: the rating before and after, like 1500? → 1662? (+162).
replay-rated-player-change = { $name } ({ $seat }) { $change }

## A game that ended at its deal

replay-aborted-title = Ended at its deal: { $yellow } (Yellow) vs { $blue } (Blue) · Mice Cake
replay-players = { $yellow } (Yellow) vs { $blue } (Blue)
replay-aborted = The game ended at its deal, before anything was dealt.
replay-result = Result
replay-fairness = Fairness
replay-checking = Checking that the game was fair…
# $error: what went wrong, as the browser says it.
replay-check-failed = Could not check the game: { $error }

## A game of a match (games until a player has $first_to wins)

# Under the heading, and the match's section's heading: "Game 2 of a match to 3 wins".
replay-match-place = Game { $number } of a match to { $first_to } wins
replay-match-loading = Loading the match…
# $error: what went wrong, as the browser says it.
replay-match-unreachable = The match could not be loaded: { $error }
# Before the list of the match's games, in order, each a link.
replay-match-games = The match's games:
replay-match-game = game { $number }
replay-match-this-game = game { $number } (this one)
replay-match-checking = Checking the whole match: each of its games, in order…
