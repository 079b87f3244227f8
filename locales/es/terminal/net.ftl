# The connection to the server (client-cli/src/net/).

# $error is what the connection said.
net-cannot-reach = no se puede contactar con el servidor en { $url }: { $error }
net-no-answer = ninguna respuesta en { $time }
net-closed = la conexión se cerró
# 1013 is the WebSocket's close code for a server too busy: never translated.
net-server-full-1013 = el servidor está lleno (código de cierre 1013): inténtalo más tarde
# $reason is the server's own words.
net-server-full = el servidor está lleno ({ $reason }): inténtalo más tarde
# $reason is the server's own words.
net-server-closed-saying = el servidor cerró la conexión: { $reason }
net-server-closed = el servidor cerró la conexión
net-silence = nada del servidor desde hace { $time }
# Why the last attempt failed is $reason.
net-gave-up = se dejó de intentar reconectar tras { $attempts } intentos: { $reason }
# A message from the server this client cannot read (a newer server, perhaps).
net-unreadable = mensaje del servidor ilegible: { $error }
net-slow-down = el servidor pidió ir más despacio: tu movimiento se envía de nuevo en { $time }
net-cannot-keep-seat = no se puede guardar el asiento para más tarde: { $error }
# The note above says why the player has no key.
net-arena-needs-a-key = los jugadores de una arena son sus claves, y este cliente no tiene ninguna (mira la nota de arriba para saber por qué)
net-challenges-need-a-key = hace falta tu clave para lanzar un desafío, seguir tus desafíos o responderlos, y este cliente no tiene ninguna (mira la nota de arriba para saber por qué)
net-challenge-ended-while-away = el desafío { $id } terminó mientras la conexión estaba cortada, y el servidor no dice cómo
net-challenge-called-off = la partida del desafío se anuló y la sala { $code } se cerró: los dos jugadores no ocuparon ambos su asiento ni sellaron su reparto a tiempo
