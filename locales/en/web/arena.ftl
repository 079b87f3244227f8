# An arena's page at /a/ID (arena.js): where it stands, the player's own
# line with Join and Pause, the standings, the featured game, the podium.
# An arena is a tournament with a start and an end; a player's score is in
# points (two a win, one a draw, doubled on a streak).

arena-title = Arena · Mice Cake
# $name: the arena's name.
arena-named-title = { $name } · Arena · Mice Cake
arena-heading = Arena
arena-loading = Loading the arena…
arena-no-such = No such arena
# $id: the arena's id, eight letters and digits.
arena-no-such-id = No arena has the id { $id }.
arena-unreadable = The arena cannot be read just now: reload the page in a moment.
arena-all = All arenas

## Where it stands. $time: a countdown, as a clock shows it (2:05, 1:02:05).

arena-starts-in = Starts in { $time }
arena-live = Live: { $time } left
arena-ending = Ending: the last games are being played
arena-finished = Finished

# What kind of arena: $pool is its pool's name (ratings-pool-*); $rated, $club (a join
# code is needed), $bots (bots may join): yes or no.
arena-kind = { $pool } · { $rated ->
        [yes] rated
       *[no] casual
    } · { $club ->
        [yes] club (join code)
       *[no] open to all
    } · { $bots ->
        [yes] bots welcome
       *[no] no bots
    }
# $kind: arena-kind; $creator: who made it; $players, $games: how many so far.
arena-kind-line = { $kind } · by { $creator } · { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, { $games ->
        [one] { $games } game
       *[other] { $games } games
    }

## The standings

arena-standings = Standings
arena-final-standings = Final standings
arena-nobody-yet = Nobody has joined yet.
arena-column-rank = #
arena-column-player = Player
# The column of scores: its heading, short, and in full.
arena-column-points = Pts
    .title = Points
arena-column-games = Games
# A column of marks (on a streak, paused), for screen readers only.
arena-column-marks = Marks
# A player's mark (🔥) when on a streak.
arena-on-fire = On a streak: the next win counts double
# A player's mark when paused.
arena-paused-mark = paused

## The podium, once it is over

arena-podium = Podium
# $place: 1, 2 or 3.
arena-podium-place = { $place ->
        [1] First:
        [2] Second:
       *[3] Third:
    }
# $place: arena-podium-place (in bold); $name: the player; $score: their points.
arena-podium-line = { $place } { $name }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    } in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }

## The featured game

# $featured: arena-featured-label (in bold); $yellow, $blue: the players; $watch: a link (arena-watch).
arena-featured = { $featured } { $yellow } vs { $blue } { $watch }
arena-featured-label = Featured:
arena-watch = Watch

## The player's own part

# $rank: the player's place, selecting by the language's ordinals (1st, 2nd, 3rd, 4th).
arena-you-finished = You finished { $rank ->
        [one] { $rank }st
        [two] { $rank }nd
        [few] { $rank }rd
       *[other] { $rank }th
    } with { $score ->
        [one] { $score } point
       *[other] { $score } points
    } in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }.
# $rank: as in arena-you-finished; $streak: yes when on a streak.
arena-you-now = You: { $rank ->
        [one] { $rank }st
        [two] { $rank }nd
        [few] { $rank }rd
       *[other] { $rank }th
    }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    } in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }{ $streak ->
        [yes] {" "}— on a streak: a win counts double
       *[no] {""}
    }.
arena-you-paused = You are paused: you stay on the standings, and are not paired until you join again.
arena-pause = Pause
arena-join = Join
arena-join-again = Join again
arena-join-early = Join now: you are paired as soon as it starts.
arena-your-name = Your name
# The code a club's arena asks of whoever joins it.
arena-join-code = Join code
arena-name-first = Your name, first.

## News

arena-in-upcoming = You are in: you will be paired as soon as the arena starts.
arena-in-waiting = You are in: waiting for an opponent…
# $name: the opponent.
arena-paired = Paired with { $name }: going to the game…
# Said to screen readers. $name: the opponent.
arena-paired-announced = Paired with { $name }.
# $reason: why joining was refused, a sentence of its own.
arena-not-joined = Not joined: { $reason }
arena-over = The arena is over.
arena-reconnecting = Connection lost: reconnecting…
