# The commands that do not play (client-cli/src/main.rs).

# $languages lists the languages with a catalogue (en, fr, es).
main-unknown-language = --lang { $lang }: no hay catálogo para ese idioma (los hay para: { $languages })
# `mice-cake resume` found no seat to take back; $url is the server's.
main-no-seat-in-room = no tienes asiento en la sala { $code } de { $url }
# `mice-cake games` is a command: never translated.
main-no-seat = no tienes ningún asiento en { $url } (mice-cake games los lista)
# After the player's public key, on a line of its own: where its secret half is.
main-public-key = (tu clave pública; su mitad secreta está en { $path }, y solo tú puedes leerla)
# `mice-cake me` before any game; $server is the server's address.
main-no-game-yet = todavía no has jugado ninguna partida en { $server } (tu clave: { $key }); juega una puntuada con mice-cake play
# An arena's name when none is given: its creator's.
main-default-arena-title = Arena de { $name }
# $command is the command that joins the arena just made.
main-join-arena-with = únete a ella con: { $command }
main-disconnected = desconectado: { $reason }
main-connection-ended = la conexión terminó
# What the client was doing when the connection ended.
main-listing-rooms = al listar las salas
main-renaming = al cambiar de nombre
main-renamed = ahora eres { $name } (tu clave sigue siendo la misma: tu puntuación también)
# On standard error, when the player's key cannot be made or read.
main-no-key = mice-cake: jugando sin clave, así que los movimientos no van firmados: { $error }
main-bot-takes-challenges = esperando un desafío que jugar (o tomando el más reciente que espera)
