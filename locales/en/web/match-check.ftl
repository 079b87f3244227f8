# The browser's own check of a whole match (match-check.js), on a game's page:
# each game checked as any game, then the chain of games in order, then the
# wins counted again. Each message but the verdicts is a broken link, which
# the page shows after "NOT WHOLE:" (match-check-not-whole), so it starts in
# lowercase; in the engine's words.
# $number and $position are a game's number in the match and its place in
# the list of the match's games; $name a player's name, never translated;
# $games how many games the match has.

## The verdicts. Keep ✓ first in the whole ones: the page tells them by it.

# $problem is the first broken link.
match-check-not-whole = NOT WHOLE: { $problem }
# $winner and $loser are the players' names; $wins and $losses the score,
# the winner's first.
match-check-whole-won = ✓ This match is whole: { $games ->
        [one] { $games } game, fair
       *[other] { $games } games, in order, each fair
    }; { $winner } won { $wins }–{ $losses }.
match-check-whole-forfeit = ✓ This match is whole: { $games ->
        [one] { $games } game, fair
       *[other] { $games } games, in order, each fair
    }; { $loser } left, and { $winner } won the match ({ $wins }–{ $losses }).
# $first and $second are the players (who played Yellow in game 1 first),
# $first_wins and $second_wins their wins.
match-check-whole-abandoned = ✓ This match is whole: { $games ->
        [one] { $games } game, fair
       *[other] { $games } games, in order, each fair
    }; both players left, and nobody won it ({ $first } { $first_wins } – { $second } { $second_wins }).
# A player left between two games: no game shows it, only the server says so.
# $abandoned: yes when the server says both left.
match-check-whole-left-between = ✓ This match is whole: { $games ->
        [one] { $games } game, fair
       *[other] { $games } games, in order, each fair
    } ({ $first } { $first_wins } – { $second } { $second_wins }); { $abandoned ->
        [yes] both players left between two games, on the server's word: nobody won it.
       *[no] { $loser } left between two games, on the server's word: { $winner } won the match.
    }
match-check-whole-playing = ✓ This match is whole so far: { $games ->
        [one] { $games } game, fair
       *[other] { $games } games, in order, each fair
    }; { $first } { $first_wins } – { $second } { $second_wins }, still being played.
# $error is what went wrong, as the browser says it (or match-check-game-unreachable).
match-check-failed = Could not check the match: { $error }
match-check-game-unreachable = game { $number } of the match could not be fetched: { $error }

## Broken links

match-check-other-summary = the server answered with another match than the one asked for
match-check-summary-unreadable = the server's answer on the match cannot be read
# The game listed as the match's game $number is another game.
match-check-other-game = the server gave another game as game { $number } of the match
# $problem is the game's own broken link (a fair-* or verify-* message).
match-check-game-unfair = game { $number } is not fair: { $problem }
match-check-no-game = the match has no game
match-check-not-in-match = game { $position } of the list belongs to no match
match-check-other-match = game { $position } of the list belongs to another match
match-check-out-of-order = game { $position } of the list says it is game { $number } of the match: a game is missing, repeated or out of order
match-check-broken = game { $number } does not follow game { $previous }: a game between them is missing or was put in
match-check-broken-start = game 1 does not start the match: a game before it is missing or was put in
match-check-other-rules = game { $number } was played with other rules than game 1
match-check-other-player = game { $number } was played by another key than { $name }'s
match-check-after-end = game { $number } was played after the match was over
# $said is what the server says, $counted what the games give.
match-check-wins-differ = the server says { $name } has { $said ->
        [one] { $said } win
       *[other] { $said } wins
    }; the games give { $counted }
# $said and $counted are the match's status as the server writes it: playing, won, forfeit, abandoned.
match-check-status-differs = the server says the match is { $said ->
        [playing] still being played
        [won] won
        [forfeit] won by a forfeit
        [abandoned] abandoned
       *[other] { $said }
    }; the games say it is { $counted ->
        [playing] still being played
        [won] won
        [forfeit] won by a forfeit
        [abandoned] abandoned
       *[other] { $counted }
    }
match-check-winner-differs = the server names another winner than the games give
