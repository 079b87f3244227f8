# The arenas at /arenas (arenas.js): the list of arenas, and the form that
# makes one.

arenas-title = Arenas · Mice Cake
arenas-heading = Arenas
arenas-loading = Loading the arenas…
arenas-intro = A tournament with a start and an end: everyone plays as many games as they can, paired again by standing as each game ends. Two points a win, one a draw, doubled after two wins in a row.
arenas-none = No arena yet: make the first below.
arenas-unreadable = The arenas cannot be read just now: reload the page in a moment.
# An arena in the list, after its name: $status is where it stands (arena-starts-in, arena-live…),
# $kind what kind it is (arena-kind).
arenas-item = — { $status }; { $players ->
        [one] { $players } player
       *[other] { $players } players
    }; { $kind }

## The form that makes an arena

arenas-make-heading = Make an arena
arenas-its-name = Its name
# The arena's name proposed: $name is the player's.
arenas-default-name = { $name } arena
# The arena's name proposed to a player without a name yet.
arenas-default-name-ours = Our arena
arenas-your-name = Your name
arenas-starts-label = Starts
# When the arena starts, in $minutes from now.
arenas-starts = { $minutes ->
        [0] now
        [60] in an hour
        [one] in { $minutes } minute
       *[other] in { $minutes } minutes
    }
arenas-lasts-label = Lasts
# How long the arena lasts: $hours and $minutes (15 minutes, 1 hour, 1 h 30, 3 hours).
arenas-lasts = { $hours ->
        [0] { $minutes ->
            [one] { $minutes } minute
           *[other] { $minutes } minutes
        }
       *[other] { $minutes ->
            [0] { $hours ->
                [one] { $hours } hour
               *[other] { $hours } hours
            }
           *[other] { $hours } h { $minutes }
        }
    }
arenas-pool-label = Pool
arenas-time-label = Time per round
# The time per round the server gives when the arena does not say.
arenas-time-default = Server's default
# A time per round, in seconds.
arenas-time-seconds = { $seconds } s
arenas-rated-label = Rated: its games change the players' ratings
arenas-join-code-label = Join code (a club's arena)
# The join code field's placeholder: with no code, anyone may join.
arenas-join-code-none = none: open to all
arenas-make = Make the arena
arenas-keyless = An arena is made with this browser's key, and it cannot keep one here: it needs HTTPS or localhost, and IndexedDB.
# $reason: why the server refused, a sentence of its own.
arenas-not-made = Not made: { $reason }
# $status: the HTTP status the server answered with, like 500.
arenas-not-made-status = Not made: { $status }.
arenas-unreachable = The server cannot be reached just now: try again in a moment.
