# Cues for a player looking elsewhere: the tab's title in a room ($code:
# the room code), the sound switch and the notifications button.

cues-title = Room { $code } · Mice Cake
cues-title-your-move = Your move · Room { $code } · Mice Cake
# $clock: the time left for the move, when it runs low (0:12).
cues-title-your-move-low = { $clock } · Your move · Room { $code } · Mice Cake
cues-title-game-over = Game over · Room { $code } · Mice Cake
cues-sound-on = Sound: on
cues-sound-off = Sound: off
# Asks the browser to allow notifications.
cues-notify = Notify me
# The browser holds sounds back until the page is tapped or a key pressed.
cues-sound-held = The sound is on: tap the page or press a key to hear it.
