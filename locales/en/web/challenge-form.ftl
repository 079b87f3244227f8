# Challenging a player from their page (challenge-form.js): the form, what
# became of the challenge sent; on your own page, whom you take challenges
# from. Names are never translated.

# The button that opens the form: "Challenge Bob".
challenge-form-open = Challenge { $name }
# The same, for a player the server knows no name for.
challenge-form-open-unnamed = Challenge this player
challenge-form-your-name = Your name
challenge-form-match = Match
# A match's length: the wins that take it (1: a single game).
challenge-form-first-to =
    { $wins ->
        [1] one game
       *[other] first to { $wins } wins
    }
challenge-form-rated = Rated: the games change both players' ratings
challenge-form-time = Time per round
challenge-form-time-default = the server's default
challenge-form-time-seconds = { $seconds } s
challenge-form-time-minutes = { $minutes } min
challenge-form-time-none = no limit
challenge-form-pieces = Pieces
challenge-form-reveal-standard = rows 1, 3, 5, 7 face up
challenge-form-reveal-all-face-up = all face up
challenge-form-reveal-all-face-down = all face down
challenge-form-boost = Boost instead of tiring
challenge-form-send = Send the challenge
challenge-form-close = Close
challenge-form-sent = Challenge sent: it waits for the answer at the foot of the page.
challenge-form-keyless = A challenge is made with this browser's key, and this browser cannot keep one here (it needs HTTPS or localhost, and IndexedDB).

## Your own page: whom you take challenges from

challenges-from-heading = Challenges
challenges-from-label = Take challenges from
challenges-from-choice =
    { $from ->
        [everyone] everyone
        [played] players I have played
       *[nobody] nobody
    }
challenges-from-set =
    { $from ->
        [everyone] Saved: you take challenges from everyone.
        [played] Saved: you take challenges only from players you have played.
       *[nobody] Saved: you take challenges from nobody.
    }
