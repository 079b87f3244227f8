# The room's connection to the server.

# Why the room page stopped trying to connect; shown alone, as is.
net-gave-up = no se pudo contactar con el servidor durante cinco minutos
