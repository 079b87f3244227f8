# The room's connection to the server.

# Why the room page stopped trying to connect; shown alone, as is.
net-gave-up = the server could not be reached for five minutes
