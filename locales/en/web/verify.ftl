# The browser's own check of a finished game's record (verify.js), in the
# engine's words (`mice-cake verify` says the same): each message but the
# notes is a broken link, which the page shows after "NOT FAIR:"
# (check-not-fair), so it starts in lowercase; the notes (verify-*-proven,
# verify-*-on-servers-word) say what a result's forfeit rests on, after
# "The result:" (check-result).
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.
# $result and $expected are a result as the page writes it elsewhere
# ("Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)").
# "fair.keys", "fair.left" and "missed_deadline_limit" are the record's and
# the answer's fields, as written there: never translated.

## The record's form and keys

verify-format-holds-no-keys = a format { $format } record holds no keys ("fair.keys" belongs to formats 3 and 4)
verify-format-needs-keys = a format { $format } record must hold its players' keys ("fair.keys")
verify-format-holds-no-leave = a format { $format } record holds no leave ("fair.left" belongs to format 4)
verify-key-not-ed25519 = { $seat }'s key is not an Ed25519 public key (64 hexadecimal digits)
verify-no-seed = the record has no seed
verify-exchanges-not-rounds = the record does not hold one sealed exchange per round

## Seals, nonces and dice against the seed

# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it; a translation names the seat.
verify-server-nonce-not-seeds =
    { $seat ->
        [yellow] yellow
        [blue] blue
       *[other] { $seat }
    }'s move of { $round ->
        [0] the deal
       *[other] round { $round }
    } is said to be the server's, but its nonce is not the one the seed gives
# $seat is the seat's id, as in verify-server-nonce-not-seeds.
verify-opening-not-seal =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat ->
        [yellow] yellow
        [blue] blue
       *[other] { $seat }
    }'s opening does not match its seal
verify-server-move-claimed =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move is recorded as { $seat }'s own, but its nonce is the one the server's committed seed gives for { $seat } in that round: the server made it
verify-deal-not-seeds = the deal is not the one the seed and both deal nonces give (row { $row })
# $seat is the seat's id, as in verify-server-nonce-not-seeds; $kind is
# attempt or boost; $column is a column's letter (A–D); $die is 1, 2 or 3
# (which of the roll's dice); $face and $expected are what the die shows.
verify-die-not-seeds =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat ->
        [yellow] yellow
        [blue] blue
       *[other] { $seat }
    }'s { $kind ->
        [boost] boost
       *[attempt] attempt
    } in column { $column }, die { $die }, shows { $face } where the seed and both nonces give { $expected }

## Signatures and leaves

verify-signature-mismatch =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s signature does not match { $seat }'s seal and key
verify-server-move-signed =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: the server made { $seat }'s move, yet the record gives it { $seat }'s signature
verify-signature-without-key =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move carries a signature, but { $seat } announced no key to check it with
verify-move-unsigned =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move is recorded as { $seat }'s own, but it is not signed with { $seat }'s key (a move without its player's signature is the server's)
# $round is the round the leave is signed for, $stopped the one the record
# stops in (0: the deal).
verify-leave-wrong-round =
    { $seat }'s leave is signed for { $round ->
        [0] the deal
       *[other] round { $round }
    }, but the record stops in { $stopped ->
        [0] the deal
       *[other] round { $stopped }
    }
verify-leave-unsigned =
    { $seat }'s leave ({ $round ->
        [0] the deal
       *[other] round { $round }
    }) is not signed with { $seat }'s key

## The result the server gives with the record

verify-result-forfeit-unrevealed = the result given ({ $result }) says { $seat } forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it
verify-result-abandoned-unrevealed = the result given ({ $result }) says both players forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it
verify-result-aborted-late =
    the result given ({ $result }) says the game was aborted before both players had a move, but { $count ->
        [one] { $count } round was
       *[other] { $count } rounds were
    } revealed first: from then on a game ends by a forfeit
verify-result-not-played-out = the result given ({ $result }) says the game was played to its end, but its record stops before the end
verify-result-not-the-records = the result given ({ $result }) is not the record's: played out, the record gives { $expected }
verify-limit-zero = the answer says the server makes a player forfeit after 0 missed deadlines in a row, but no server runs with a limit under 1
verify-limit-missing = the answer leaves out the server's limit of missed deadlines in a row (missed_deadline_limit), which every answer with a record of format { $format } gives: without it, nothing says how many moves the server must have made for a player who forfeits for missed deadlines
# $count is the server's limit of missed deadlines in a row; $result is the
# result given.
verify-deadlines-ended = the server made { $seat }'s move in each of the record's last { $count } rounds, its limit of missed deadlines in a row: the game ended there, { $seat } forfeiting for missed deadlines, not as the result given says ({ $result })
# $yellow and $blue are the seats' names.
verify-deadlines-ended-both = the server made { $yellow }'s and { $blue }'s moves in each of the record's last { $count } rounds, its limit of missed deadlines in a row: the game ended there, abandoned by both for missed deadlines, not as the result given says ({ $result })

# How a game ended, in verify-leave-but-other-ending.
verify-ending-played = played to its end
verify-ending-forfeit = a forfeit for another cause
verify-ending-abandoned = abandoned by both
verify-ending-aborted = aborted for another cause
verify-leave-but-other-ending = the record holds { $seat }'s signed leave, but the result given says the game ended otherwise ({ $ending })

## What a forfeit rests on: a broken link, or a note after "The result:"

verify-left-on-servers-word = that { $seat } left rests on the server's word ({ $seat } had no key to sign a leave with)
verify-left-proven = { $seat } left, proven by { $seat }'s leave, signed with { $seat }'s key
verify-left-unproven = the result given says { $seat } left, but the record holds no leave signed with { $seat }'s key: nothing proves { $seat } left
verify-deal-missed-but-sealed = the result given says { $seat } did not seal a deal nonce in time, but the record holds { $seat }'s seal
verify-deal-missed-proven = { $seat } sealed no deal nonce in time, proven by the record (it holds no seal of { $seat }'s)
verify-missed-but-own-move = the result given says { $seat } missed too many deadlines, but the record's last move for { $seat } is { $seat }'s own
# $count: the rounds at the record's end in which the server made the move.
verify-missed-on-servers-word =
    that { $seat } missed too many deadlines rests on the server's word: the server made { $seat }'s move in each of the record's last { $count ->
        [one] { $count } round
       *[other] { $count } rounds
    }, but the answer does not give the server's limit (a game stored before servers kept it)
# $count: the moves at the record's end the server made; $limit: the
# server's limit of missed deadlines in a row (more than $count).
verify-missed-too-few =
    the result given says { $seat } missed too many deadlines, but the record's last { $count ->
        [one] { $count } move
       *[other] { $count } moves
    } made by the server for { $seat } { $count ->
        [one] is one
       *[other] are not enough
    } (the server's limit: { $limit } in a row)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move (at least
# $limit).
verify-missed-proven = { $seat } missed { $limit } deadlines in a row, proven by the record: the server made { $seat }'s move in each of its last { $count } rounds
verify-disconnected-on-servers-word = that { $seat } stayed away past the grace period rests on the server's word
verify-not-opened-on-servers-word = that { $seat } did not open a sealed move in time rests on the server's word (the record shows the seal; whether the opening came in time, only the server saw)
# $cause is the cause as the server sent it (an id such as "timeout").
verify-forfeit-on-servers-word = that { $seat } forfeited ({ $cause }) rests on the server's word
# Between the notes of one result, when both players forfeited.
verify-notes-separator = {"; "}

## Ratings (a game in a rated room)

# Why a game in a rated room was not rated, as the server says it.
verify-not-rated-same-address = both players are on one network address
verify-not-rated-pair-limit = these two players have had 3 rated games together in the last 24 hours
verify-not-rated-bot-against-person = a bot plays a person: bots are rated among bots
verify-not-rated-same-key = one key sits in both seats
verify-not-rated-aborted = it ended before both players had a move
verify-not-rated-abandoned = both players forfeited at once
# $reason is one of the verify-not-rated-* messages.
verify-rated-and-not = the game is said to be rated and, at once, not rated ({ $reason })
# $ending is aborted or abandoned.
verify-rated-ended-early =
    the game is said to have moved its players' ratings, but it was { $ending ->
        [aborted] aborted before both players had a move
       *[abandoned] abandoned by both at once
    }: such a game is never rated
# $why is aborted or abandoned: what the answer says the game was.
verify-unrated-not-so =
    { $why ->
        [aborted] the game is said to be unrated as aborted, but it was not aborted
       *[abandoned] the game is said to be unrated as abandoned, but it was not abandoned
    }
verify-rated-server-deal-nonce = the game is said to be rated, but the server made { $seat }'s deal nonce: nothing proves { $seat }'s key played it
verify-rated-one-key = the game is said to be rated, but one key played both seats: such a game is never rated
# $pool and $rules are pools' ids, as the server writes them (standard,
# boost, face_up, face_up_boost, face_down, face_down_boost).
verify-rated-other-pool = the game is said to be rated in the { $pool } pool, but its rules are the { $rules } pool's
verify-rated-no-pool = the game is said to be rated in the { $pool } pool, but its rules are no pool's (another stall limit)
# $key is the first 16 hexadecimal digits of a player's key.
verify-rated-key-not-records = the game is said to be rated for { $seat }'s key { $key }…, but the record's key for { $seat } is another
verify-rated-room-key-not-records = the answer says { $seat } played its rated room's game with the key { $key }…, but the record's key for { $seat } is another
verify-bot-declaration-unsigned = { $seat }'s bot declaration in the record is not signed with { $seat }'s key
# $bot is the seat whose key declared itself a bot; $person, the other.
verify-rated-bot-against-person = the game is said to be rated, but { $bot }'s key had declared itself a bot as it started and { $person }'s had not: a bot against a person is never rated
verify-unrated-no-bot = the game is said to be unrated as a bot against a person, but neither key had declared itself a bot as it started
verify-unrated-two-bots = the game is said to be unrated as a bot against a person, but both keys had declared themselves bots as it started
# Glicko-2's figures: a rating and its deviation (RD, as Glicko-2 names it)
# said by the server ($said, $saidDeviation), worked out here ($worked,
# $workedDeviation), before the game ($before, $beforeDeviation) and the
# opponent's before ($other names them; $otherRating, $otherDeviation);
# $result is win, loss or draw: the seat's.
verify-rating-not-glicko =
    { $seat }'s rating after the game is said to be { $said } (RD { $saidDeviation }), but Glicko-2 gives { $worked } (RD { $workedDeviation }) from { $seat }'s { $before } (RD { $beforeDeviation }) before, { $other }'s { $otherRating } (RD { $otherDeviation }), and { $seat }'s { $result ->
        [win] win
        [loss] loss
       *[draw] draw
    }
verify-rated-games-not-one-more = { $seat }'s rated games are said to go from { $before } to { $after } with this one game
# $provisional: yes (the answer says the rating is provisional) or no;
# $limit: the deviation above which a rating is provisional.
verify-provisional-wrong =
    { $seat }'s rating after the game is said to be { $provisional ->
        [yes] provisional
       *[no] settled
    } at RD { $deviation }, but a rating is provisional exactly while its deviation is above { $limit }

## A game that ended at its deal

# $version is the record's, as written there.
verify-version-unsupported = fairness version { $version } is not supported (this engine derives version 1)
verify-deal-opening-without-seal = the deal: { $seat }'s opening has no seal
verify-deal-refused-without-seal = the deal: { $seat } is recorded as refusing to open a seal it never made
verify-deal-refused-but-opened = the deal: { $seat } is recorded as refusing to open its nonce, but its opening is in the record
verify-deal-opening-not-seal = the deal: { $seat }'s opening (assignment and nonce) does not match its seal
verify-deal-server-nonce-not-seeds = the deal: the server made { $seat }'s move, but not with the nonce its committed seed gives
verify-deal-result-forfeit = the result given ({ $result }) says { $seat } forfeited at the deal, but a game that ends before both players have had a move is aborted, and nobody wins it
# $refused: both, one ($seat sealed a nonce and never opened it) or none.
verify-deal-result-not-the-records =
    the result given ({ $result }) is not the record's: the game ended at its deal, { $refused ->
        [both] both refusing to open
        [one] { $seat } refusing to open
       *[none] nobody refusing to open
    }, and nobody winning

## A game of a match

# The record's place in its match ("fair.match") is not a match id of 32
# hexadecimal digits, two numbers and a commitment of 64.
verify-match-link-unreadable = the record's place in its match ("fair.match") cannot be read
