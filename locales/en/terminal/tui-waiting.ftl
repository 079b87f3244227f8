# The screens before a game (client-cli/src/tui/view/waiting.rs): seeking
# an opponent, the room waiting for its players, a terminal too small.

tui-seek-connecting = Connecting…
tui-seek-nobody-yet = Nobody to pair with yet.
# $policy is the bot's name (greedy, strong, random); $kind is rated or unrated.
tui-seek-bot-offered = Play the server's { $policy } bot ({ $kind ->
        [rated] rated
       *[unrated] unrated
    })?  { $yes }: play it · { $no }: keep waiting for a person
tui-seek-waiting = Waiting { $clock }
tui-seek-bot-in = If nobody comes, the server's bot is offered in { $clock } (unrated; you choose)
tui-seek-bot-any-moment = The server's bot is offered any moment now (unrated; you choose)
tui-room-code = Room { $code }
# The command to run follows on the next line.
tui-room-tell-opponent = Waiting for an opponent. Tell them to run:
# $seat is drawn in its colour.
tui-room-you-play = You play { $seat }
tui-room-waiting-for-players = Waiting for two players; the game starts when both are in.

## A terminal too small to draw the game (a line can be 20 columns)

tui-small-leave = Leave the game?
tui-small-forfeit = You forfeit it.
tui-small-leave-keys = { $yes }: leave · { $no }: stay
tui-small-too-small = Terminal too small
# $size: columns×rows, like 60×18.
tui-small-at-least = make it at least { $size }
tui-small-quit = ({ $key } quits)
# A challenge's room, before the other player sits down.
tui-room-opponent-coming = The challenge is accepted: the room waits for your opponent to take their seat
