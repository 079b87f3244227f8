# The room page as the game goes (room-draw.js): the title and its line,
# the connection's state, the waiting room, leaving, a seat taken by
# another tab, the result and the rematch. { $code } is a room's code,
# { $name } a player's name: never translated.

# Under the title, when the player has a move to make.
room-caption-your-move = Round { $round }: your move.

## The connection's state, beside the site's header (lower case)

room-link-connecting = connecting…
# The connection came back after a drop.
room-link-back = back
room-link-reconnecting = connection lost, reconnecting…
room-link-failed = disconnected

##

room-entering = Entering the room…
# While the layout of the pieces (the cake) is drawn from the server's seed and both players' nonces.
room-dealing = Dealing the cake from the server's committed seed and both players' sealed nonces…
room-watching-full = Both seats are taken: you are watching this game.
# { $assignment } is where the player sent their mice, as written: "A2 C2".
room-your-move-sealed = Your move: { $assignment }, sealed.

## The line under the room's heading: "game 2, round 5 · standard, 1:00/round · 3 spectators"

room-meta-game = game { $game }, round { $round }
room-meta-waiting = waiting
room-spectators = { $count ->
    [one] { $count } spectator
   *[other] { $count } spectators
}
# The round's clock, read by screen readers.
room-clock-label = time left in the round

## The room's tools

room-copy-link = Copy the invitation link
room-leave = Leave the room
# { $winner } is the other seat's name: Yellow or Blue.
room-leave-question-forfeit = Leave the room? You forfeit this game: { $winner } wins.
room-leave-question-aborted = Leave the room? Nobody has had a move yet: the game is aborted, nobody wins, and it is not rated.
# Buttons answering "Leave the room?".
room-leave-now = Leave
room-stay = Stay
# { $reason } says why, in lower case: "both players are on one network address".
room-not-rated = This game is not rated: { $reason }.

## Waiting for players

room-waiting-opponent = Waiting for an opponent. Send them this link:
room-waiting-players = Waiting for two players; the game starts when both are in.

## The seat taken by another tab, window or device

room-take-back = Play here instead
room-replaced-heading = Your seat was taken by another tab or connection
room-replaced = This room was opened with your seat in another tab, window or device. One seat is played from one place at a time: the newer one has it. This page has stopped: no move and no chat from here.

## The result

room-result-close = Close
room-rematch-asked = Rematch asked
room-rematch = Rematch
# An arena's game: the page goes back to the arena; a link follows ("Go now").
room-arena-return = Back to the arena in a few seconds, to be paired again.
room-arena-go-now = Go now
room-result-win = You win!
room-result-lose = You lose.
room-result-opponent-left = Your opponent left the room: another player who joins starts the next game.
room-result-heading = Game { $game } over
room-result-not-rated = Not rated: { $reason }.
room-result-replay = Replay this game
# A link to the page of a game that ended at its deal, before any round.
room-result-how-it-ended = How this game ended
# A player named with their seat: "Ann (Yellow)".
room-player = { $name } ({ $seat })
# { $player } is "Ann (Yellow)", { $rating } a rating as written ("1662?"), { $change } its change ("+162").
room-rating = { $player } { $rating }
room-rating-change = { $player } { $rating } ({ $change })
# { $ratings } lists each player's rating, separated by " · ".
room-ratings = Ratings: { $ratings }

## A match: game after game until a player has a number of wins (match-score.js)

# Under the room's title: "Ann 2 – Bob 1 · first to 3". $yellow and $blue
# are the players' names (Yellow's first), $yellow_wins and $blue_wins their
# wins, $first_to the wins that take the match.
room-match-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins } · first to { $first_to }
# Under the room's title before a match's first game.
room-match-to = A match: first to { $first_to } wins
# In the result: the match is won. $winner is the winner's name, $wins and
# $losses the score, the winner's first: "Ann wins the match 3–1".
room-match-won = { $winner } wins the match { $wins }–{ $losses }
# In the result: a player left the match (during a game or between two),
# and so lost it.
room-match-forfeit = { $loser } left: { $winner } wins the match
room-match-abandoned = Both players left: the match is abandoned, and nobody wins it
# In the result: how the match stands after game $number, which $winner
# won: "Game 2 to Bob — Ann 1, Bob 1" (names and wins as in room-match-score).
room-match-game-to = Game { $number } to { $winner } — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
room-match-game-drawn = Game { $number } drawn — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
# Between two games: $clock counts down ("0:12").
room-match-next-game = Game { $number } starts in { $clock }, or as soon as both players are ready.
# The rematch button while the match goes on: the player is ready for game $number.
room-match-ready = Ready for game { $number }
room-match-ready-asked = Ready: game { $number } starts soon
# The rematch button once the match is over.
room-match-new = New match
room-match-new-asked = New match asked
