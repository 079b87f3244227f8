# The connection to the server (client-cli/src/net/).

# $error is what the connection said.
net-cannot-reach = impossible de joindre le serveur à { $url } : { $error }
net-no-answer = aucune réponse en { $time }
net-closed = la connexion a été fermée
# 1013 is the WebSocket's close code for a server too busy: never translated.
net-server-full-1013 = le serveur est plein (code de fermeture 1013) : réessayez plus tard
# $reason is the server's own words.
net-server-full = le serveur est plein ({ $reason }) : réessayez plus tard
# $reason is the server's own words.
net-server-closed-saying = le serveur a fermé la connexion : { $reason }
net-server-closed = le serveur a fermé la connexion
net-silence = aucune nouvelle du serveur depuis { $time }
# Why the last attempt failed is $reason.
net-gave-up = reconnexion abandonnée après { $attempts } tentatives : { $reason }
# A message from the server this client cannot read (a newer server, perhaps).
net-unreadable = message du serveur illisible : { $error }
net-slow-down = le serveur demande de ralentir : votre coup sera renvoyé dans { $time }
net-cannot-keep-seat = impossible de garder la place pour plus tard : { $error }
# The note above says why the player has no key.
net-arena-needs-a-key = les joueurs d’une arène sont leurs clés, et ce client n’en a pas (voir la note ci-dessus pour savoir pourquoi)
net-challenges-need-a-key = il faut votre clé pour lancer un défi, suivre vos défis ou y répondre, et ce client n’en a pas (voir la note ci-dessus pour savoir pourquoi)
net-challenge-ended-while-away = le défi { $id } a pris fin pendant que la connexion était coupée, et le serveur ne dit pas comment
net-challenge-called-off = la partie du défi est annulée et la salle { $code } fermée : les deux joueurs n’ont pas tous deux pris leur place et scellé leur donne à temps
