# Challenges (client-cli/src/challenges.rs): a player asks another, named by
# their key, to play a room of given options; the other accepts, declines or
# lets it expire. Challenge ids (K7M2QX9PHT), keys, names, room codes and
# commands (mice-cake accept ID) are never translated.

## Whom a name means

challenges-nobody-named = nobody is called { $name } on this server: challenge a player by the name they have there, or by their key (64 hex digits)
# $count players share the name; $keys lists their keys (a bot's with [BOT] after it).
challenges-several-named = { $count } players are called { $name } on this server: challenge one by their key ({ $keys })

## Answering one

challenges-none-waiting = no challenge is waiting for your answer (mice-cake challenges lists them)
challenges-not-waiting = no challenge { $id } is waiting for your answer (mice-cake challenges lists them)
# A challenge accepted: its room, where both players take their seats.
challenges-accepted = challenge { $id } accepted: on to room { $code }
challenges-ended =
    challenge { $id } { $end ->
        [declined] declined
        [cancelled] taken back by its challenger
       *[expired] expired: nobody answered it in time
    }
# $words is challenges-ended; $player is challenges-player.
challenges-declined-from = { $words } (from { $player })

## A challenge in words

# A player: their name, [BOT] after a bot's ($badge, or nothing), and the first digits of their key.
challenges-player = { $name }{ $badge } ({ $key }…)
challenges-player-unnamed = a player with no name yet ({ $key }…)
# A challenge's room: $variant (text-pool); the time a round ($time, like 30s), or the server's, or none; rated or casual; a match's wins to reach ($first_to, 1 for a single game); a stall limit that is not the standard one.
challenges-options =
    { $variant }, { $deadline ->
        [none] no deadline
        [default] the server's time a round
       *[some] { $time } a round
    }, { $kind ->
        [rated] rated
       *[casual] casual
    }{ $first_to ->
        [1] {""}
       *[other] , a match: first to { $first_to } wins
    }{ $stall ->
        [standard] {""}
       *[other] , stall limit { $stall_limit }
    }
# $player is challenges-player, $options challenges-options; $left how long before it expires, as a clock shows it (9:58).
challenges-sent = challenge { $id } sent to { $player }: { $options }; it waits { $left } for the answer
# $link is the challenge's page on the server.
challenges-link = its link: { $link }
challenges-challenged = { $player } challenges you: { $options } (expires in { $left }); to accept: mice-cake accept { $id }
challenges-from =
    { $from ->
        [everyone] you take challenges from everyone
        [played] you take challenges only from players you have played
       *[nobody] you take challenges from nobody
    }

## The list (mice-cake challenges)

challenges-none-for-you = no challenge is waiting for your answer
challenges-for-you =
    { $count ->
        [one] one challenge is waiting for your answer (mice-cake accept ID, or decline ID):
       *[other] { $count } challenges are waiting for your answer (mice-cake accept ID, or decline ID):
    }
challenges-from-line = {"  "}{ $id }  from { $player }: { $options }; expires in { $left }
challenges-none-sent = no challenge you sent is waiting for its answer
challenges-by-you =
    { $count ->
        [one] one challenge you sent is waiting for its answer:
       *[other] { $count } challenges you sent are waiting for their answer:
    }
challenges-to-line = {"  "}{ $id }  to { $player }: { $options }; expires in { $left }
