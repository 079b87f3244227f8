# The commands that do not play (client-cli/src/main.rs): key, me, games,
# resume, rooms, rename, arena create. Command lines, addresses, keys and
# room codes are never translated.

# $languages lists the languages with a catalogue (en, fr, es).
main-unknown-language = --lang { $lang }: no catalogue for that language (there are: { $languages })
# `mice-cake resume` found no seat to take back; $url is the server's.
main-no-seat-in-room = you hold no seat in room { $code } on { $url }
# `mice-cake games` is a command: never translated.
main-no-seat = you hold no seat on { $url } (mice-cake games lists them)
# After the player's public key, on a line of its own: where its secret half is.
main-public-key = (your public key; the secret half is in { $path }, readable by you alone)
# `mice-cake me` before any game; $server is the server's address.
main-no-game-yet = you have played no game on { $server } yet (your key: { $key }); play a rated one with mice-cake play
# An arena's name when none is given: its creator's.
main-default-arena-title = { $name }'s arena
# $command is the command that joins the arena just made.
main-join-arena-with = join it with: { $command }
main-disconnected = disconnected: { $reason }
main-connection-ended = the connection ended
# What the client was doing when the connection ended.
main-listing-rooms = listing rooms
main-renaming = renaming
main-renamed = you are { $name } now (your key stays: so does your rating)
# On standard error, when the player's key cannot be made or read.
main-no-key = mice-cake: playing without a key, so moves are not signed: { $error }
# mice-cake bot … accept, as it starts.
main-bot-takes-challenges = waiting for a challenge to play (or taking the newest waiting)
