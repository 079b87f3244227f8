# A finished game's record (client-cli/src/replay.rs).

## Reading a record

# $source is a file or an address; $error what the system said.
replay-cannot-read = no se puede leer { $source }: { $error }
replay-cannot-fetch = no se puede descargar { $url }: { $error }
# The server's refusal ($refusal), and the address it refused.
replay-refused = { $refusal } ({ $url })
# $status is an HTTP status, like 502 Bad Gateway.
replay-answered = { $url } respondió { $status }
replay-not-a-record = no es el registro de una partida: { $error }
replay-does-not-replay = el registro no se puede reproducir: { $error }
# A game that ended at its deal has nothing to replay; the command is never translated.
replay-ended-at-deal = la partida { $id } terminó en su reparto: no se repartió nada, así que no hay nada que ver; `mice-cake verify { $id }` comprueba su reparto
# As replay-ended-at-deal, with the seat that never opened its nonce.
replay-ended-at-deal-unopened = la partida { $id } terminó en su reparto ({ $seat } selló un nonce y nunca lo abrió): no se repartió nada, así que no hay nada que ver; `mice-cake verify { $id }` comprueba su reparto
replay-ended-at-deal-unopened-both = la partida { $id } terminó en su reparto (Amarillo y Azul sellaron un nonce y nunca lo abrieron): no se repartió nada, así que no hay nada que ver; `mice-cake verify { $id }` comprueba su reparto

## The game as text

# Who played which seat.
replay-players = Amarillo: { $yellow }   Azul: { $blue }
replay-no-seed = (el registro no tiene semilla: sus dados no se pudieron comprobar)
replay-stops-early = El registro se detiene antes del final de la partida.
