# The terminal's own check of a finished game (`mice-cake verify`, and the
# check after a game played here): the verdict in one line, its notes in
# brackets, and the first broken link it finds. Keys (their first 16
# hexadecimal digits), pool names (standard, face_up, …), record formats and
# the results given (written by the terminal's result line) go in as they are.
# $round is a round's number, 0 for the deal; $seat, $bot, $person and
# $opponent are seats' names (text-seat).

## Lists of rounds, joined with commas: "the deal, rounds 3–5, round 7"

verify-rounds-deal = the deal
verify-rounds-one = round { $round }
verify-rounds-run = rounds { $first }–{ $last }

## The verdict

verify-fair = verified fair: the seed matches the commitment published at the start, every seal matches its opening, the deal and the dice of all { $rounds } rounds come from the seed and both players' nonces, and every outcome follows the rules
verify-aborted-deal = verified: the game ended at its deal, before anything was dealt; the seed matches the commitment published at the start, and every seal, opening and signature made checks
verify-unsealed = not provably fair: a game from before sealed play (record format 1); its rounds follow the rules, but its dice came from the server's seed alone
# $problem: the first broken link, one of the findings below.
verify-broken = NOT FAIR: { $problem }
# $error: why the record could not be fetched or read (from elsewhere).
verify-could-not = could not verify the game: { $error }

## Notes after the verdict, each in brackets. $rounds is a list of rounds
## (above).

verify-note-server-everything = (note: the server made every move, the deal's too: the game rests on its seed alone)
verify-note-server-both = (note: the server made both moves of { $rounds }: those rest on its seed alone)
verify-note-taken-over = (note: the server made your move in { $rounds } although this client sealed one: too late for the deadline, or dropped)
# $cause: what the result's forfeit rests on (verify-cause-… and the like).
verify-note-result = (the result: { $cause })
verify-note-format-2 = (note: a record from before signed moves, format 2: nothing proves which moves were the players' own rather than the server's)
# Follows the verdict's first sentence directly: it brings its own
# separator. $keys: a list of verify-signed-key, joined with commas.
verify-signed = ; every move a player made is signed by that player ({ $keys })
# $key: the first 16 hexadecimal digits of the player's key.
verify-signed-key = { $seat }'s with key { $key }…
verify-note-unsigned-moves = (note: { $seat }'s moves are not signed: nothing proves { $seat } made them rather than the server)
verify-note-server-bot = (note: { $seat } is the server's bot: its moves are the server's by design)
# $count: how many of the seat's moves (the deal's nonce among them) the
# server made.
verify-note-server-deal = (note: the server made { $seat }'s deal nonce: { $count ->
        [one] a missed deadline
       *[other] missed deadlines
    })
verify-note-server-moves = (note: the server made { $seat }'s move in { $rounds }: { $count ->
        [one] a missed deadline
       *[other] missed deadlines
    })
verify-note-server-deal-and-moves = (note: the server made { $seat }'s deal nonce and its move in { $rounds }: { $count ->
        [one] a missed deadline
       *[other] missed deadlines
    })
verify-note-refused-one = ({ $seat } sealed a nonce and never opened it, and the game was aborted)
verify-note-refused-both = (both sealed a nonce and never opened it)
verify-note-unsigned-seal = (note: { $seat }'s seal is not signed: nothing proves { $seat } made it rather than the server)

## What a forfeit rests on, for verify-note-result

# Both seats' notes, when both forfeited.
verify-cause-pair = { $first }; { $second }
verify-cause-disconnected = that { $seat } stayed away past the grace period rests on the server's word
verify-cause-not-opened = that { $seat } did not open a sealed move in time rests on the server's word (the record shows the seal; whether the opening came in time, only the server saw)
verify-left-proven = { $seat } left, proven by { $seat }'s leave, signed with { $seat }'s key
verify-left-word = that { $seat } left rests on the server's word ({ $seat } had no key to sign a leave with)
verify-deal-nonce-missing = { $seat } sealed no deal nonce in time, proven by the record (it holds no seal of { $seat }'s)
# $count: the rounds at the record's end in which the server made the move.
verify-missed-word = that { $seat } missed too many deadlines rests on the server's word: the server made { $seat }'s move in each of the record's last { $count ->
        [one] { $count } round
       *[other] { $count } rounds
    }, but the answer does not give the server's limit (a game stored before servers kept it)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move.
verify-missed-proven = { $seat } missed { $limit } deadlines in a row, proven by the record: the server made { $seat }'s move in each of its last { $count } rounds

## What is broken: the result given against the record

verify-played-unsealed = the game was played sealed, but its record holds no seals
verify-no-seed = the record has no seed: the game is not over, or the seed was taken out
verify-answer-without-record = the server's answer holds no record
# $error: what the JSON reader says (in English).
verify-not-a-record = not a game record: { $error }
verify-deal-only = the game ended at its deal: it has no rounds to read
# $result: the result the server gives, as the terminal writes a result.
verify-deal-forfeit = the result given ({ $result }) says { $seat } forfeited at the deal, but a game that ends before both players have had a move is aborted, and nobody wins it
verify-deal-result-none = the result given ({ $result }) is not the record's: the game ended at its deal, nobody refusing to open, and nobody winning
verify-deal-result-one = the result given ({ $result }) is not the record's: the game ended at its deal, { $seat } refusing to open, and nobody winning
verify-deal-result-both = the result given ({ $result }) is not the record's: the game ended at its deal, both refusing to open, and nobody winning
verify-leave-but-other-ending = the record holds { $seat }'s signed leave, but the result given says the game ended otherwise ({ $ending ->
        [played] played to its end
        [forfeit] a forfeit for another cause
        [abandoned] abandoned by both
       *[aborted] aborted for another cause
    })
verify-left-unproven = the result given says { $seat } left, but the record holds no leave signed with { $seat }'s key: nothing proves { $seat } left
verify-deal-nonce-sealed = the result given says { $seat } did not seal a deal nonce in time, but the record holds { $seat }'s seal
verify-missed-own-move = the result given says { $seat } missed too many deadlines, but the record's last move for { $seat } is { $seat }'s own
# $count: the moves at the record's end the server made for the seat;
# $limit: how many in a row make a forfeit.
verify-missed-too-few = the result given says { $seat } missed too many deadlines, but the record's last { $count ->
        [one] { $count } move made by the server for { $seat } is one
       *[other] { $count } moves made by the server for { $seat } are not enough
    } (the server's limit: { $limit } in a row)
verify-limit-zero = the answer says the server makes a player forfeit after 0 missed deadlines in a row, but no server runs with a limit under 1
# missed_deadline_limit is the answer's field: never translated.
verify-limit-missing = the answer leaves out the server's limit of missed deadlines in a row (missed_deadline_limit), which every answer with a record of format { $format } gives: without it, nothing says how many moves the server must have made for a player who forfeits for missed deadlines
# $limit: the server's limit of missed deadlines in a row.
verify-deadline-end-one = the server made { $seat }'s move in each of the record's last { $limit } rounds, its limit of missed deadlines in a row: the game ended there, { $seat } forfeiting for missed deadlines, not as the result given says ({ $result })
verify-deadline-end-both = the server made Yellow's and Blue's moves in each of the record's last { $limit } rounds, its limit of missed deadlines in a row: the game ended there, abandoned by both for missed deadlines, not as the result given says ({ $result })
verify-early-forfeit-one = the result given ({ $result }) says { $seat } forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it
verify-early-forfeit-both = the result given ({ $result }) says both players forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it
verify-aborted-after-rounds = the result given ({ $result }) says the game was aborted before both players had a move, but { $count ->
        [one] { $count } round was
       *[other] { $count } rounds were
    } revealed first: from then on a game ends by a forfeit
verify-played-but-cut = the result given ({ $result }) says the game was played to its end, but its record stops before the end
# $expected: the result the record plays out to, written as $result is.
verify-result-not-records = the result given ({ $result }) is not the record's: played out, the record gives { $expected }
verify-revealed-nothing-dealt = a round was revealed in play, but the record says nothing was dealt

## What is broken: a rated game

# $reason: why it was not rated (the terminal's words for it).
verify-rated-and-not = the game is said to be rated and, at once, not rated ({ $reason })
verify-rated-ended-early = the game is said to have moved its players' ratings, but it was { $how ->
        [aborted] aborted before both players had a move
       *[abandoned] abandoned by both at once
    }: such a game is never rated
verify-unrated-not-so = the game is said to be unrated as { $how ->
        [aborted] aborted
       *[abandoned] abandoned
    }, but it was not { $how ->
        [aborted] aborted
       *[abandoned] abandoned
    }
verify-rated-unsealed = the game is said to be played in a rated room, but its record holds no seals
verify-rated-server-deal-nonce = the game is said to be rated, but the server made { $seat }'s deal nonce: nothing proves { $seat }'s key played it
verify-rated-one-key = the game is said to be rated, but one key played both seats: such a game is never rated
# $pool and $rules: pool names (standard, boost, face_up, …), as commands write them.
verify-rated-other-pool = the game is said to be rated in the { $pool } pool, but its rules are the { $rules } pool's
verify-rated-no-pool = the game is said to be rated in the { $pool } pool, but its rules are no pool's (another stall limit)
verify-rated-other-key = the game is said to be rated for { $seat }'s key { $key }…, but the record's key for { $seat } is another
verify-room-other-key = the answer says { $seat } played its rated room's game with the key { $key }…, but the record's key for { $seat } is another
verify-bot-unsigned = { $seat }'s bot declaration in the record is not signed with { $seat }'s key
verify-bot-rated = the game is said to be rated, but { $bot }'s key had declared itself a bot as it started and { $person }'s had not: a bot against a person is never rated
verify-bot-none = the game is said to be unrated as a bot against a person, but neither key had declared itself a bot as it started
verify-bot-both = the game is said to be unrated as a bot against a person, but both keys had declared themselves bots as it started
# Ratings and their deviations (RD) come written to one decimal place, as
# the language writes decimals.
# $opponent: the other seat; $result: how the game went for $seat.
verify-glicko = { $seat }'s rating after the game is said to be { $after } (RD { $after_rd }), but Glicko-2 gives { $worked } (RD { $worked_rd }) from { $seat }'s { $before } (RD { $before_rd }) before, { $opponent }'s { $opponent_before } (RD { $opponent_rd }), and { $seat }'s { $result ->
        [win] win
        [loss] loss
       *[draw] draw
    }
verify-rated-games = { $seat }'s rated games are said to go from { $before } to { $after } with this one game
# $limit: the deviation above which a rating is provisional.
verify-provisional = { $seat }'s rating after the game is said to be { $provisional ->
        [yes] provisional
       *[no] settled
    } at RD { $rd }, but a rating is provisional exactly while its deviation is above { $limit }

## What is broken: the record against what this client saw in play

verify-witness-commitment-changed = the server published another commitment during the game
verify-witness-seal-changed-in-play = { $seat }'s seal of { $round ->
        [0] the deal
       *[other] round { $round }
    } changed after it was published
verify-witness-not-sealed = the record holds no seals: it is not the sealed game that was played
verify-witness-other-commitment = the record's commitment is not the one published when the game started
verify-witness-round-missing = round { $round } was sealed in play but is missing from the record
verify-witness-own-move-changed = { $round ->
        [0] the deal
       *[other] round { $round }
    }: the record does not hold the move you opened
verify-witness-seal-changed = { $seat }'s seal of { $round ->
        [0] the deal
       *[other] round { $round }
    } is not the one published before the moves were opened

## What is broken: the record against itself, the seed and the rules

verify-replay-format = record format { $found } is not supported (this engine reads formats { $first } to { $last })
# "fair" and "fair.keys", "fair.left" are the record's fields: never translated.
verify-replay-unsealed-with-fair = a format { $format } record holds no seals ("fair" belongs to formats 2 and 3)
verify-replay-fair-missing = a format { $format } record must hold its commitment, seals and nonces ("fair")
verify-replay-keys-missing = a format { $format } record must hold its players' keys ("fair.keys")
verify-replay-keys-misplaced = a format { $format } record holds no keys ("fair.keys" belongs to formats 3 and 4)
verify-replay-leave-misplaced = a format { $format } record holds no leave ("fair.left" belongs to format 4)
verify-replay-server-move-claimed = { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move is recorded as { $seat }'s own, but its nonce is the one the server's committed seed gives for { $seat } in that round: the server made it
verify-replay-signed-without-key = { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move carries a signature, but { $seat } announced no key to check it with
verify-replay-signed-server-move = { $round ->
        [0] the deal
       *[other] round { $round }
    }: the server made { $seat }'s move, yet the record gives it { $seat }'s signature
# $signed: the round the leave names; $stopped: the round under way when
# the record stops (0: the deal).
verify-replay-leave-round = { $seat }'s leave is signed for { $signed ->
        [0] the deal
       *[other] round { $signed }
    }, but the record stops in { $stopped ->
        [0] the deal
       *[other] round { $stopped }
    }
verify-replay-bad-leave = { $seat }'s leave ({ $round ->
        [0] the deal
       *[other] round { $round }
    }) is not signed with { $seat }'s key
verify-replay-unsigned = { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s move is recorded as { $seat }'s own, but it is not signed with { $seat }'s key (a move without its player's signature is the server's)
verify-replay-opening-without-seal = the deal: { $seat }'s opening has no seal
verify-replay-refused-unsealed = the deal: { $seat } is recorded as refusing to open a seal it never made
verify-replay-refused-but-opened = the deal: { $seat } is recorded as refusing to open its nonce, but its opening is in the record
verify-replay-bad-signature = { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s signature does not match { $seat }'s seal and key
verify-replay-fairness-version = fairness version { $found } is not supported (this engine derives version { $version })
verify-replay-stall-limit = the stall limit must be 1 to { $max } rounds, not { $limit }
verify-replay-seed = the seed does not match the commitment published when the game started
verify-replay-seal-mismatch = { $round ->
        [0] the deal
       *[other] round { $round }
    }: { $seat }'s opening (assignment and nonce) does not match its seal
verify-replay-server-nonce = { $round ->
        [0] the deal
       *[other] round { $round }
    }: the server made { $seat }'s move, but not with the nonce its committed seed gives
verify-replay-seal-count = the record has { $rounds } rounds but { $sealed } sealed exchanges
verify-replay-layout = the deal is not the one the seed and both players' nonces give
verify-replay-round-number = round { $found } is recorded where round { $expected } belongs
# $problem: why (verify-round-illegal, verify-game-over).
verify-replay-round = round { $round } cannot be replayed: { $problem }
# $die: which die of the roll, from 1; $recorded and $derived: its faces.
verify-replay-die = round { $round }: { $seat }'s die { $die } of the { $kind ->
        [boost] boost
       *[attempt] attempt
    } in column { $column } is { $recorded } in the record, but the seed and both nonces give { $derived }
verify-replay-report = round { $round } does not replay as recorded: its { $part ->
        [revealed-pieces] revealed pieces
        [removed-pieces] removed pieces
        [resting-mice] resting mice
       *[other] { $part }
    } differ
verify-replay-outcome = the recorded end of the game is not the replayed one
verify-replay-no-seed = the record has no seed: its dice cannot be checked and the game cannot go on
verify-game-over = the game is over
# $problem: why (verify-assignment-…).
verify-round-illegal = { $seat }'s assignment cannot be played: { $problem }
verify-assignment-too-many = { $placed } mice placed, but a family has only { $mice }
verify-assignment-resting = { $placed } mice placed, but only { $available } are available: the others are resting
verify-assignment-unplaced = { $placed } of { $available } available mice placed: every available mouse must be placed
verify-assignment-empty-column = column { $column } has no piece left
verify-assignment-nothing-to-steal = column { $column } offers the double-blank, but the opponent has nothing to steal yet
verify-assignment-steal-without-target = mice on the double-blank in column { $column } must name a piece of the opponent's to steal
verify-assignment-not-in-stash = the opponent's stash does not hold { $piece }
verify-assignment-target-without-steal = { $piece } can only be stolen by mice on the double-blank, and none are placed there

## A match checked whole (`mice-cake verify --match ID`). $number and
## $position are games' numbers in the match (1 first); names go in as they
## are.

# $games: how many; $score: match-verify-score; $how: one of the endings below.
match-verify-whole = the match is whole: { $games ->
    [one] its one game is there, verified fair
   *[other] its { $games } games are all there, in order, none dropped or added, each verified fair
}; { $score }; { $how }
match-verify-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
match-verify-goes-on = the match goes on
match-verify-won = { $winner } won the match
match-verify-left = { $player } left a game, and with it the match
match-verify-left-between = { $player } left between two games, and with them the match (on the server's word: no game records it)
match-verify-abandoned = both players went: nobody won
# $problem: the first broken link, one of the findings below.
match-verify-broken = MATCH NOT PROVEN: { $problem }
match-verify-game = game { $number }: { $problem }
match-verify-unsealed = a game from before sealed play cannot be part of a match
match-verify-no-result = the server gives no result for it
match-verify-not-listed = the games fetched are not the ones the match lists
match-verify-after-end = game { $number } comes after the match was already won
# $counted and $claimed: scores such as "3–1".
match-verify-wins = the games give a score of { $counted }, and the server says { $claimed }
match-verify-not-over = the server says the match is over, but its games do not end it: a game is missing from its end
match-verify-status = its games end the match, but the server says it is { $status }
match-verify-other-player = a key other than { $name }'s sits in that player’s seat
match-verify-bad-id = not a match id (32 hexadecimal digits): { $id }
match-verify-unreadable = the server's answer is not a match: { $error }
match-chain-no-game = the match has no game
match-chain-not-in-match = game { $number } of the list belongs to no match
match-chain-other-match = game { $number } of the list belongs to another match
match-chain-out-of-order = game { $position } of the list says it is game { $number } of the match: a game is missing, repeated or out of order
match-chain-broken = game { $number } does not follow game { $previous }: a game between them is missing or was put in
match-chain-other-rules = game { $number } was played with other rules than game 1
match-status-playing = still being played
match-status-won = won
match-status-forfeit = won by forfeit
match-status-abandoned = abandoned
