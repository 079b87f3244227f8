# The board and the families beside it (client-cli/src/tui/view/board.rs).

# The board's title, then which seat's side is at the bottom.
tui-board-cake = Pastel
tui-board-below = { $seat } abajo
tui-families = Familias
tui-families-empty-seat = (asiento libre)
# Beside the player's own name.
tui-families-you = (tú)
# A family's score, then its stash ($stash: its pieces, like 0/1 2/6 +5).
tui-families-score-stash = { $pips ->
        [one] { $pips } punto
       *[other] { $pips } puntos
    }, { $pieces ->
        [one] { $pieces } pieza
       *[other] { $pieces } piezas
    }: { $stash }
tui-families-score-pieces = { $pips ->
        [one] { $pips } punto
       *[other] { $pips } puntos
    }, { $pieces ->
        [one] { $pieces } pieza
       *[other] { $pieces } piezas
    }
tui-families-score = { $pips ->
        [one] { $pips } punto
       *[other] { $pips } puntos
    }

## What a player is doing (short: on a small screen it shares 26 columns with the score)

tui-status-committed = sellada ✓
tui-status-bot = bot
tui-status-thinking = pensando…
tui-status-wants-rematch = quiere la revancha
tui-status-away = ausente
# $clock: the time left, like 0:42.
tui-status-away-forfeits = ausente, abandono en { $clock }
tui-status-away-seat-freed = ausente, asiento libre en { $clock }
# Deadlines missed in a row, of those that forfeit.
tui-status-missed = plazo perdido { $count } de { $limit }
