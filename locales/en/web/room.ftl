# The room page before the game is shown (room.js): a room that is not
# there, the name asked for, a rated room that needs a key. { $code } is a
# room's code (five letters and digits), never translated.

room-not-found = No room has the code { $code }.
# The page's title (browser tab).
room-key-needed-title = Room { $code }: a key is needed · Mice Cake
# The page's title (browser tab), for a room being created.
room-new-key-needed-title = A new room: a key is needed · Mice Cake
# A button: enter the room as a spectator, not to play.
room-just-watch = Just watch
room-rated-heading = Room { $code } is rated
room-new-rated-heading = A rated room needs a key
room-keyless = A rating belongs to a player's key, and this browser keeps none here: a key needs WebCrypto, which browsers give only to pages served over HTTPS or from localhost, and IndexedDB, which some private windows lack. You can watch, or play in a casual room.
room-new-heading = A new room
# The room's heading, on the name form and on the room page.
room-heading = Room { $code }
room-ask-name = To play, choose the name your opponent sees you by. To watch, no name is needed.
# The label of the name field.
room-your-name = Your name
room-enter = Enter the room
