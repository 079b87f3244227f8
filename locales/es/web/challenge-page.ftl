# A challenge's page, /c/ID (challenge-page.js): who challenges whom, how
# long it still waits or how it ended, and the answer for the browser that
# may give it. Names, room codes, challenge ids and keys are never
# translated.

challenge-page-title = Desafío { $id } · Mice Cake
challenge-page-loading = Cargando el desafío…
challenge-page-not-found = Ningún desafío tiene el identificador { $id }.
challenge-page-unreachable = No se puede cargar este desafío: no se puede contactar con el servidor.
challenge-page-heading = Un desafío
# $from challenges $to: each a player's name, linked to their page.
challenge-page-who = { $from } desafía a { $to }
# How long it still waits, as a clock shows it (9:58).
challenge-page-left = Esperando la respuesta: caduca en { $clock }.
# To a browser that holds neither key: $name is the challenged player, $key their key.
challenge-page-not-yours = Este desafío es para { $name }: solo el navegador que tiene su clave ({ $key }) puede responderlo.
# Accepted: $room is the room's code, a link to it.
challenge-page-accepted = Aceptado: jugado en la sala { $room }.
# How it ended otherwise; $name is the challenger.
challenge-page-ended =
    { $end ->
        [declined] Rechazado.
        [cancelled] Retirado por { $name }.
       *[expired] Caducado: nadie lo respondió a tiempo.
    }
