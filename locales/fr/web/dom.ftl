# Small pieces of the page used everywhere.

# The badge beside the name of a player a program plays (a bot).
dom-bot-badge = BOT
