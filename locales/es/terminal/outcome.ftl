# What the client says as it ends (client-cli/src/outcome.rs).

# $outcome is how the game ended (text-outcome-*).
outcome-game-over = Partida { $number } terminada: { $outcome }
# How to replay a game: a command line, never translated.
outcome-replay = Repetición: mice-cake replay { $id }
outcome-left = Saliste de la partida { $game } de la sala { $code } antes de que terminara: la pierdes por abandono.
# Why the client could not do what was asked, after its name.
outcome-failed = mice-cake: { $reason }
# A signal ($signal, like SIGTERM) stopped the client.
outcome-stopped = mice-cake: detenido por { $signal }
outcome-stopped-seat-kept = mice-cake: detenido por { $signal }; tu asiento en la sala { $code } se guarda un rato: mice-cake resume { $code }
