# What the client says as it ends (client-cli/src/outcome.rs).

# $outcome is how the game ended (text-outcome-*).
outcome-game-over = Partie { $number } terminée : { $outcome }
# How to replay a game: a command line, never translated.
outcome-replay = Revoir : mice-cake replay { $id }
outcome-left = Vous avez quitté la partie { $game } de la salle { $code } avant sa fin : vous la perdez par forfait.
# Why the client could not do what was asked, after its name.
outcome-failed = mice-cake : { $reason }
# A signal ($signal, like SIGTERM) stopped the client.
outcome-stopped = mice-cake : arrêté par { $signal }
outcome-stopped-seat-kept = mice-cake : arrêté par { $signal } ; votre place dans la salle { $code } vous est gardée un moment : mice-cake resume { $code }
