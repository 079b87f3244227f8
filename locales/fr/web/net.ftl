# The room's connection to the server.

# Why the room page stopped trying to connect; shown alone, as is.
net-gave-up = le serveur est resté injoignable pendant cinq minutes
