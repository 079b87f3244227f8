# A challenge's page, /c/ID (challenge-page.js): who challenges whom, how
# long it still waits or how it ended, and the answer for the browser that
# may give it. Names, room codes, challenge ids and keys are never
# translated.

challenge-page-title = Challenge { $id } · Mice Cake
challenge-page-loading = Loading the challenge…
challenge-page-not-found = No challenge has the id { $id }.
challenge-page-unreachable = This challenge cannot be loaded: the server cannot be reached.
challenge-page-heading = A challenge
# $from challenges $to: each a player's name, linked to their page.
challenge-page-who = { $from } challenges { $to }
# How long it still waits, as a clock shows it (9:58).
challenge-page-left = Waiting for the answer: expires in { $clock }.
# To a browser that holds neither key: $name is the challenged player, $key their key.
challenge-page-not-yours = This challenge is for { $name }: only the browser that holds their key ({ $key }) can answer it.
# Accepted: $room is the room's code, a link to it.
challenge-page-accepted = Accepted: played in room { $room }.
# How it ended otherwise; $name is the challenger.
challenge-page-ended =
    { $end ->
        [declined] Declined.
        [cancelled] Taken back by { $name }.
       *[expired] Expired: nobody answered it in time.
    }
