# What covers the screen for a moment: a game's result and the help
# (client-cli/src/tui/view/popups.rs).

tui-result-title = Game { $game } over
tui-result-you-win = You win!
tui-result-you-lose = You lose.
tui-result-verified-fair = ✓ verified fair: dice nobody chose, moves nobody saw early
# $accuracy: each player's, like "Yellow 92 %, Blue 85 %".
tui-result-accuracy = Accuracy: { $accuracy }
# Above the command that replays the game.
tui-result-replay = Replay:
tui-result-earlier-games = Earlier games of the room:
tui-result-earlier-game = game { $game }: { $command }
tui-result-keys-rematch = { $close } close   { $rematch } rematch   { $quit } quit
tui-result-keys = { $close } close   { $quit } quit

## The help. A message's lines are the help's lines: at most 74 columns each.

tui-help = Help
tui-help-goal = Put every available mouse on a column, then commit.
tui-help-dice =
    Each mouse rolls a die at your nearest piece in its column: the
    dice must reach its pips.
tui-help-boost-game =
    Boost game: dice showing the piece's own pattern (both halves;
    or the number on a half-blank) earn a boost roll after the round.
tui-help-tired =
    Dice showing the piece's own pattern (both halves; or the
    number on a half-blank) tire mice instead: they rest a round.
tui-help-steal = Mice on the double-blank steal a piece from the other stash.
tui-help-colours = Coloured pieces are the ones each family faces; magenta: both.
# The board's signs, each with what it means: keep the signs.
tui-help-legend = ● mice   z resting mice   ░░░ face down   · taken   underlined: last round
tui-help-close = Any key closes this.

## The keys' table: a key, then what it does (a few words)

tui-help-key-columns = ←/→ or a–d
tui-help-key-mice = ↑/↓ or +/-
tui-help-choose-column = choose a column
tui-help-add-remove-mouse = add/remove a mouse
tui-help-choose-steal = choose what to steal
tui-help-greedy = the greedy suggestion
tui-help-clear = clear
tui-help-commit = commit (secret)
tui-help-scroll = scroll the rounds
tui-help-rematch = rematch (game over)
tui-help-say = say something
tui-help-mute = mute the chat
tui-help-spectators-chat = spectators' chat too
tui-help-rounds-or-chat = rounds or chat
tui-help-this-help = this help
tui-help-quit-asks = quit (asks in a game)
# A replay's keys.
tui-help-key-next = →, l, space
tui-help-next-round = the next round
tui-help-round-before = the round before
tui-help-before-round-one = before round 1
tui-help-the-end = the end
tui-help-analyse = analyse every move
tui-help-quit = quit
