# The check of a finished game against what this browser saw of it (its
# seals, signatures, keys and its own moves), and what changed during a game
# that an honest server never changes. Each message is a broken link: the
# page shows it after "NOT FAIR:" (check-not-fair), so it starts in
# lowercase. Shared with the record's own check (verify.ftl) where the words
# are the same.
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.

fair-no-seals = the record holds no seals
fair-seed-mismatch = the seed does not match the commitment published when the game started
fair-commitment-mismatch = the record's commitment is not the one published when the game started
fair-revealed-missing = round { $round } was revealed in play but is missing from the record
fair-sealed-missing = round { $round } was sealed in play but is missing from the record
# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it (`mice-cake verify`); a translation names the seat.
fair-seal-not-published =
    { $seat ->
        [yellow] yellow
        [blue] blue
       *[other] { $seat }
    }'s seal of { $round ->
        [0] the deal
       *[other] round { $round }
    } is not the one published before the moves were opened
fair-signature-not-published =
    { $seat }'s signature of { $round ->
        [0] the deal
       *[other] round { $round }
    } is not the one published with the seal
fair-key-not-announced = { $seat }'s key in the record is not the one announced when the game started
fair-key-not-yours = the record does not give your seat the key this browser signed your moves with
fair-round-missing = round { $round } is missing from the record
fair-move-not-held =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }: the record does not hold the move you opened

## What changed during the game, noted as it happened

fair-commitment-changed = the server published another commitment during the game
fair-seal-changed =
    a seal of { $round ->
        [0] the deal
       *[other] round { $round }
    } changed after it was published
fair-signature-changed =
    { $seat }'s signature of { $round ->
        [0] the deal
       *[other] round { $round }
    } changed after it was published
