# The title bar and the line of hints (client-cli/src/tui/view/title.rs).
# A part that does not fit is left out whole: keep them short.

tui-title-reconnecting = reconnecting (try { $attempt })…
tui-title-reconnected = reconnected
tui-title-disconnected = disconnected
tui-title-played-elsewhere = played elsewhere
tui-title-game = game { $game }
tui-title-match = match { $yellow }–{ $blue }, first to { $first_to }
tui-title-game-round = game { $game }, round { $round }
tui-title-rated = rated
# A rated room whose game does not count (the rounds' log says why).
tui-title-not-rated = not rated
tui-title-unrated = unrated
tui-title-watching = { $count } watching

## The room's rules, joined by commas

tui-variant-standard = standard
tui-variant-all-face-up = all face up
tui-variant-all-face-down = all face down
tui-variant-boost = boost
# The time for a round, like 1:00.
tui-variant-deadline = { $clock }/round
tui-variant-no-deadline = no deadline

## The line of hints ($key, $reason as they are)

tui-hints-replay = ←/→ round  Home/End first/last  a analyse  q quit
# Before the chat line being typed.
tui-hints-say = say:
tui-hints-send = ⏎ send · Esc cancel
tui-hints-disconnected = Disconnected: { $reason }. q quits.
tui-hints-replaced = Your seat is played from another connection now. q quits.

## A key and what it does, in a word or two

tui-key-quit = { $key } quit
tui-key-chat = { $key } chat
tui-key-help = { $key } help
tui-key-rounds = { $key } rounds
# The key moves between the columns.
tui-key-column = { $key } col
tui-key-mice = { $key } mice
tui-key-target = { $key } target
tui-key-suggest = { $key } suggest
tui-key-clear = { $key } clear
tui-key-commit = { $key } commit
tui-key-rematch = { $key } rematch
