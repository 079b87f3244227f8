# The board and the families beside it (client-cli/src/tui/view/board.rs).

# The board's title, then which seat's side is at the bottom.
tui-board-cake = Cake
tui-board-below = { $seat } below
tui-families = Families
tui-families-empty-seat = (empty seat)
# Beside the player's own name.
tui-families-you = (you)
# A family's score, then its stash ($stash: its pieces, like 0/1 2/6 +5).
tui-families-score-stash = { $pips } pips, { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    }: { $stash }
tui-families-score-pieces = { $pips } pips, { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    }
tui-families-score = { $pips } pips

## What a player is doing (short: on a small screen it shares 26 columns with the score)

tui-status-committed = committed ✓
tui-status-bot = bot
tui-status-thinking = thinking…
tui-status-wants-rematch = wants a rematch
tui-status-away = away
# $clock: the time left, like 0:42.
tui-status-away-forfeits = away, forfeits in { $clock }
tui-status-away-seat-freed = away, seat freed in { $clock }
# Deadlines missed in a row, of those that forfeit.
tui-status-missed = missed { $count } of { $limit }
