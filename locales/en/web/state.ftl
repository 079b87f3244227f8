# The room page's own notices and notifications (state.js). { $code } is a
# room's code, never translated.

room-leaving = Leaving the room…
room-checking-fair = Checking that the game was fair…

## The browser's notifications, when the page is not looked at

room-notify-your-move = Your move
room-notify-your-move-body = Room { $code }, round { $round }
room-notify-game-over = Game over
