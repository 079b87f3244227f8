# The screen with no room to show (client-cli/src/tui/view/mod.rs):
# $reason is why the connection ended, in a sentence.

tui-screen-disconnected = Disconnected: { $reason }
tui-screen-replaced = Replaced: { $reason }
