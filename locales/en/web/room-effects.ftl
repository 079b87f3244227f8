# What the room page's effects say (room-effects.js).

# The invitation link's button, once the link is on the clipboard.
room-link-copied = Link copied
