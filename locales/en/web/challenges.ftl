# This browser's challenges (challenges.js, challenge-banner.js): the banner
# at the foot of every page where the browser has its key, a challenge's
# room in words, how a challenge ended. Names, room codes and challenge ids
# are never translated.

# The banner's name, for screen readers.
challenges-region = Challenges
# A challenge to you: $name challenges, $options is challenges-options' parts (a match to 3, rated, 60 s a round).
challenges-incoming = { $name } challenges you: { $options }
# A challenge you made, waiting for $name to answer it.
challenges-outgoing = Waiting for { $name }'s answer: { $options }
# How long a challenge still waits, as a clock shows it (9:58).
challenges-left = expires in { $clock }
# A player the server knows no name for: the first digits of their key.
challenges-unnamed = a player ({ $key }…)
challenges-accept = Accept
challenges-decline = Decline
challenges-cancel = Cancel
# A link to the challenge's page (/c/ID), to give to whoever it is for.
challenges-its-page = Its link
challenges-copy = Copy the link
challenges-copied = Link copied
# A note that a challenge ended, read and put away.
challenges-dismiss = Dismiss
# A link to the room of a challenge accepted in another tab.
challenges-go = Go to the room
# An answer to a challenge (accept, decline, cancel) the server refused: $reason says why.
challenges-refused = { $reason }
# How a challenge ended. $side: "to" a challenge made to you, "from" one you made. $end: accepted, declined, cancelled, expired. $name: the other player; $code: the room of one accepted.
challenges-ended =
    { $side ->
        [to]
            { $end ->
                [accepted] You accepted { $name }'s challenge: room { $code }.
                [declined] You declined { $name }'s challenge.
                [cancelled] { $name } took back their challenge.
               *[expired] { $name }'s challenge expired.
            }
       *[from]
            { $end ->
                [accepted] { $name } accepted your challenge: room { $code }.
                [declined] { $name } declined your challenge.
                [cancelled] You took back your challenge to { $name }.
               *[expired] Your challenge to { $name } expired: nobody answered it in time.
            }
    }

## A challenge's room in words: its parts, joined by commas

# The wins that take the match ($first_to): 1 is a single game.
challenges-match =
    { $first_to ->
        [1] one game
       *[other] a match to { $first_to }
    }
# Rated or casual; $first_to as challenges-match's (a single game or a match: the word may agree with either).
challenges-rated =
    { $first_to ->
       *[other]
            { $rated ->
                [yes] rated
               *[no] casual
            }
    }
challenges-time-seconds = { $seconds } s a round
challenges-time-minutes = { $minutes } min a round
challenges-time-none = no time limit
challenges-time-default = the server's time a round
# How the pieces start, when not rows 1, 3, 5, 7 face up.
challenges-all-face-up = every piece face up
challenges-all-face-down = every piece face down
# A stall limit other than the standard one (100 rounds).
challenges-stall = stall limit { $limit }
