# The board and the families beside it (client-cli/src/tui/view/board.rs).

# The board's title, then which seat's side is at the bottom.
tui-board-cake = Gâteau
tui-board-below = { $seat } en bas
tui-families = Familles
tui-families-empty-seat = (place libre)
# Beside the player's own name.
tui-families-you = (vous)
# A family's score, then its stash ($stash: its pieces, like 0/1 2/6 +5).
tui-families-score-stash = { $pips ->
        [one] { $pips } point
       *[other] { $pips } points
    }, { $pieces ->
        [one] { $pieces } pièce
       *[other] { $pieces } pièces
    } : { $stash }
tui-families-score-pieces = { $pips ->
        [one] { $pips } point
       *[other] { $pips } points
    }, { $pieces ->
        [one] { $pieces } pièce
       *[other] { $pieces } pièces
    }
tui-families-score = { $pips ->
        [one] { $pips } point
       *[other] { $pips } points
    }

## What a player is doing (short: on a small screen it shares 26 columns with the score)

tui-status-committed = scellé ✓
tui-status-bot = bot
tui-status-thinking = réfléchit…
tui-status-wants-rematch = veut une revanche
tui-status-away = absent
# $clock: the time left, like 0:42.
tui-status-away-forfeits = absent, forfait dans { $clock }
tui-status-away-seat-freed = absent, place libérée dans { $clock }
# Deadlines missed in a row, of those that forfeit.
tui-status-missed = délai dépassé { $count } fois sur { $limit }
