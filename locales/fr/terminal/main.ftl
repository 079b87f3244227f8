# The commands that do not play (client-cli/src/main.rs).

# $languages lists the languages with a catalogue (en, fr, es).
main-unknown-language = --lang { $lang } : aucun catalogue pour cette langue (il y a : { $languages })
# `mice-cake resume` found no seat to take back; $url is the server's.
main-no-seat-in-room = vous n’avez pas de place dans la salle { $code } sur { $url }
# `mice-cake games` is a command: never translated.
main-no-seat = vous n’avez pas de place sur { $url } (mice-cake games les liste)
# After the player's public key, on a line of its own: where its secret half is.
main-public-key = (votre clé publique ; sa moitié secrète est dans { $path }, lisible par vous seul)
# `mice-cake me` before any game; $server is the server's address.
main-no-game-yet = vous n’avez encore joué aucune partie sur { $server } (votre clé : { $key }) ; jouez-en une classée avec mice-cake play
# An arena's name when none is given: its creator's.
main-default-arena-title = Arène de { $name }
# $command is the command that joins the arena just made.
main-join-arena-with = rejoignez-la avec : { $command }
main-disconnected = déconnecté : { $reason }
main-connection-ended = la connexion s’est terminée
# What the client was doing when the connection ended.
main-listing-rooms = en listant les salles
main-renaming = en changeant de nom
main-renamed = vous êtes désormais { $name } (votre clé reste la même : votre cote aussi)
# On standard error, when the player's key cannot be made or read.
main-no-key = mice-cake : partie sans clé, les coups ne sont donc pas signés : { $error }
main-bot-takes-challenges = en attente d’un défi à jouer (ou prise du plus récent en attente)
