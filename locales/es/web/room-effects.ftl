# What the room page's effects say (room-effects.js).

room-link-copied = Enlace copiado
