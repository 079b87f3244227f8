# A finished game's record (client-cli/src/replay.rs): read from a file or
# the server, and the whole game as text (`mice-cake --plain replay`).
# Paths, addresses and game ids are never translated.

## Reading a record

# $source is a file or an address; $error what the system said.
replay-cannot-read = cannot read { $source }: { $error }
replay-cannot-fetch = cannot fetch { $url }: { $error }
# The server's refusal ($refusal), and the address it refused.
replay-refused = { $refusal } ({ $url })
# $status is an HTTP status, like 502 Bad Gateway.
replay-answered = { $url } answered { $status }
replay-not-a-record = not a game record: { $error }
replay-does-not-replay = the record does not replay: { $error }
# A game that ended at its deal has nothing to replay; the command is never translated.
replay-ended-at-deal = game { $id } ended at its deal: nothing was dealt, so there is nothing to replay; `mice-cake verify { $id }` checks its deal
# As replay-ended-at-deal, with the seat that never opened its nonce.
replay-ended-at-deal-unopened = game { $id } ended at its deal ({ $seat } sealed a nonce and never opened it): nothing was dealt, so there is nothing to replay; `mice-cake verify { $id }` checks its deal
replay-ended-at-deal-unopened-both = game { $id } ended at its deal (Yellow and Blue sealed a nonce and never opened it): nothing was dealt, so there is nothing to replay; `mice-cake verify { $id }` checks its deal

## The game as text

# Who played which seat.
replay-players = Yellow: { $yellow }   Blue: { $blue }
replay-no-seed = (no seed in the record: its dice could not be checked)
replay-stops-early = The record stops before the end of the game.
