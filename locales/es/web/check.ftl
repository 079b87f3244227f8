# What the page says of a finished game's fairness once it has checked it
# (the room's page when its game ends, the game's page for a game that ended
# at its deal): verified (✓), or NOT FAIR and the first broken link (the
# fair-* and verify-* messages). Sentences one after another, in a paragraph.
# Keep ✓ first in the verified messages: the page tells them by it.
#
# $command is the command that checks what the page cannot, "mice-cake
# verify": never translated. $seat is a seat's name (Yellow, Blue).

# $problem is a broken link (a fair-* or verify-* message).
check-not-fair = NO ES JUSTA: { $problem }
# $error is what went wrong, as the browser says it.
check-failed = No se pudo comprobar la partida: { $error }
# Text that should have been hexadecimal digits: $digits is how many, $text
# the text (as the record holds it).
check-failed-not-hex = No se pudo comprobar la partida: no son { $digits } dígitos hexadecimales: { $text }

## A game played

# $signed: yes when every player's move is signed by its player, and checked here.
check-verified-fair =
    ✓ Verificada como justa por esta página: dados que nadie eligió, jugadas que nadie vio antes de tiempo{ $signed ->
        [yes] , cada jugada firmada por su jugador
       *[no] {""}
    } (la semilla, cada sello{ $signed ->
        [yes] {" "}y cada firma
       *[no] {""}
    }, el reparto y cada dado comprobados aquí; que cada desenlace sigue las reglas lo comprueba { $command }).
# $leave: yes when the record holds a signed leave too.
check-signatures-unchecked =
    Esta página no pudo comprobar las firmas { $leave ->
        [yes] de las jugadas y de la salida
       *[no] de las jugadas
    } (hace falta HTTPS y un navegador reciente): { $command } las comprueba.
check-moves-signed = Las jugadas de { $seat } están firmadas con la clave de { $seat }.
# $yellow and $blue are the seats' names.
check-moves-signed-both = Las jugadas de { $yellow } están firmadas con la clave de { $yellow }; las de { $blue }, con la clave de { $blue }.
check-moves-unsigned = Nada prueba que las jugadas de { $seat } fueran suyas: no están firmadas, así que el servidor pudo hacerlas.
check-moves-unsigned-both = Nada prueba que las jugadas de los jugadores fueran suyas: no están firmadas, así que el servidor pudo hacerlas.
# $moves: a list of check-server-made-all and check-server-made-in, one a seat.
check-server-made = Jugadas que hizo el propio servidor (las de un bot, o al incumplirse un plazo): { $moves }.
check-server-made-all = todas las de { $seat }
# $rounds: a list of check-round.
check-server-made-in = las de { $seat } en { $rounds }
# Between the seats in check-server-made.
check-moves-separator = {"; "}
# The deal, or a round, in a list (check-server-made-in, check-moves-taken-over).
check-round =
    { $round ->
        [0] el reparto
       *[other] la ronda { $round }
    }
# Between the items of a list of rounds.
check-list-separator = {", "}
# $cause: what the result's forfeit rests on (verify-*-proven and
# verify-*-on-servers-word notes, separated by verify-notes-separator).
check-result = El resultado: { $cause }.
check-score-left = El marcador al detenerse la partida es el del servidor: esta página no aplica las reglas para calcularlo ({ $command } sí lo hace).
# $rounds: a list of check-round.
check-moves-taken-over = El servidor hizo tu jugada en { $rounds } aunque esta página había sellado una (demasiado tarde para el plazo, o se perdió).

## A game that ended at its deal

check-deal-verified = ✓ Verificado por esta página: la partida terminó en el reparto, antes de repartir nada.
# $signed: yes when every seal is signed by its player, and checked here.
check-deal-checked =
    Comprobado aquí: la semilla frente al compromiso publicado al empezar la partida, cada nonce abierto frente a su sello{ $signed ->
        [yes] , cada firma frente a la clave de su jugador
       *[no] {""}
    }.
check-deal-signatures-unchecked = Esta página no pudo comprobar las firmas (hace falta HTTPS y un navegador reciente): { $command } las comprueba.
check-deal-seals-unsigned-both = Nada prueba que los sellos de los jugadores fueran suyos: no están firmados, así que el servidor pudo hacerlos.
check-deal-seal-unsigned = Nada prueba que el sello de { $seat } fuera suyo: no está firmado, así que el servidor pudo hacerlo.
check-deal-nonces-by-server-both = El propio servidor hizo los dos nonces (los de un bot, o al vencer el plazo del reparto).
check-deal-nonce-by-server = El propio servidor hizo el nonce de { $seat } (el de un bot, o al vencer el plazo del reparto).
check-deal-nonce-taken-over = El servidor hizo tu nonce del reparto aunque esta página había sellado uno (demasiado tarde para el plazo, o se perdió).
check-deal-opening-lost = Esta página envió la apertura de tu nonce, pero el registro dice que nunca lo abriste (llegó demasiado tarde, o se perdió por el camino).
