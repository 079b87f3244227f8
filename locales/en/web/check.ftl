# What the page says of a finished game's fairness once it has checked it
# (the room's page when its game ends, the game's page for a game that ended
# at its deal): verified (✓), or NOT FAIR and the first broken link (the
# fair-* and verify-* messages). Sentences one after another, in a paragraph.
# Keep ✓ first in the verified messages: the page tells them by it.
#
# $command is the command that checks what the page cannot, "mice-cake
# verify": never translated. $seat is a seat's name (Yellow, Blue).

# $problem is a broken link (a fair-* or verify-* message).
check-not-fair = NOT FAIR: { $problem }
# $error is what went wrong, as the browser says it.
check-failed = Could not check the game: { $error }
# Text that should have been hexadecimal digits: $digits is how many, $text
# the text (as the record holds it).
check-failed-not-hex = Could not check the game: Error: not { $digits } hexadecimal digits: { $text }

## A game played

# $signed: yes when every player's move is signed by its player, and checked here.
check-verified-fair =
    ✓ Verified fair by this page: dice nobody chose, moves nobody saw early{ $signed ->
        [yes] , every player's move signed by its player
       *[no] {""}
    } (the seed, every seal{ $signed ->
        [yes] {" "}and signature
       *[no] {""}
    }, the deal and every die checked here; that every outcome follows the rules, { $command } checks).
# $leave: yes when the record holds a signed leave too.
check-signatures-unchecked =
    This page could not check the { $leave ->
        [yes] moves' and the leave's
       *[no] moves'
    } signatures (that takes HTTPS and a recent browser): { $command } checks them.
check-moves-signed = { $seat }'s moves are signed by { $seat }'s key.
# $yellow and $blue are the seats' names.
check-moves-signed-both = { $yellow }'s moves are signed by { $yellow }'s key; { $blue }'s moves are signed by { $blue }'s key.
check-moves-unsigned = Nothing proves { $seat }'s moves were { $seat }'s own: they are not signed, so the server could have made them.
check-moves-unsigned-both = Nothing proves the players' moves were their own: they are not signed, so the server could have made them.
# $moves: a list of check-server-made-all and check-server-made-in, one a seat.
check-server-made = Moves the server made itself (a bot's, or at a missed deadline): { $moves }.
check-server-made-all = all of { $seat }'s
# $rounds: a list of check-round.
check-server-made-in = { $seat }'s in { $rounds }
# Between the seats in check-server-made.
check-moves-separator = {"; "}
# The deal, or a round, in a list (check-server-made-in, check-moves-taken-over).
check-round =
    { $round ->
        [0] the deal
       *[other] round { $round }
    }
# Between the items of a list of rounds.
check-list-separator = {", "}
# $cause: what the result's forfeit rests on (verify-*-proven and
# verify-*-on-servers-word notes, separated by verify-notes-separator).
check-result = The result: { $cause }.
check-score-left = The score when the game stopped is the server's: this page does not run the rules to work it out ({ $command } does).
# $rounds: a list of check-round.
check-moves-taken-over = The server made your move in { $rounds } although this page sealed one (too late for the deadline, or dropped).

## A game that ended at its deal

check-deal-verified = ✓ Verified by this page: the game ended at its deal, before anything was dealt.
# $signed: yes when every seal is signed by its player, and checked here.
check-deal-checked =
    Checked here: the seed against the commitment published when the game started, every nonce opened against its seal{ $signed ->
        [yes] , every signature against its player's key
       *[no] {""}
    }.
check-deal-signatures-unchecked = This page could not check the signatures (that takes HTTPS and a recent browser): { $command } checks them.
check-deal-seals-unsigned-both = Nothing proves the players' seals were their own: they are not signed, so the server could have made them.
check-deal-seal-unsigned = Nothing proves { $seat }'s seal was { $seat }'s own: it is not signed, so the server could have made it.
check-deal-nonces-by-server-both = The server made both nonces itself (a bot's, or at the deal's deadline).
check-deal-nonce-by-server = The server made { $seat }'s nonce itself (a bot's, or at the deal's deadline).
check-deal-nonce-taken-over = The server made your nonce of the deal although this page sealed one (too late for the deadline, or dropped).
check-deal-opening-lost = This page sent the opening of your nonce, but the record says you never opened it (it came too late, or was lost on the way).
