# Los desafíos (client-cli/src/challenges.rs): un jugador invita a otro,
# designado por su clave, a jugar una sala con opciones dadas; el otro acepta,
# rechaza o lo deja caducar. Los identificadores de desafío (K7M2QX9PHT), las
# claves, los nombres, los códigos de sala y los comandos (mice-cake accept
# ID) nunca se traducen.

## A quién designa un nombre

challenges-nobody-named = nadie se llama { $name } en este servidor: desafía a un jugador por el nombre que tiene allí, o por su clave (64 cifras hexadecimales)
challenges-several-named = { $count } jugadores se llaman { $name } en este servidor: desafía a uno por su clave ({ $keys })

## Responder a un desafío

challenges-none-waiting = ningún desafío espera tu respuesta (mice-cake challenges los lista)
challenges-not-waiting = ningún desafío { $id } espera tu respuesta (mice-cake challenges los lista)
challenges-accepted = desafío { $id } aceptado: rumbo a la sala { $code }
challenges-ended =
    desafío { $id } { $end ->
        [declined] rechazado
        [cancelled] retirado por quien lo hizo
       *[expired] caducado: nadie lo respondió a tiempo
    }
challenges-declined-from = { $words } (de { $player })

## Un desafío en palabras

challenges-player = { $name }{ $badge } ({ $key }…)
challenges-player-unnamed = un jugador aún sin nombre ({ $key }…)
challenges-options =
    { $variant }, { $deadline ->
        [none] sin plazo
        [default] el tiempo por ronda del servidor
       *[some] { $time } por ronda
    }, { $kind ->
        [rated] puntuada
       *[casual] amistosa
    }{ $first_to ->
        [1] {""}
       *[other] , un encuentro a { $first_to } victorias
    }{ $stall ->
        [standard] {""}
       *[other] , límite de bloqueo { $stall_limit }
    }
challenges-sent = desafío { $id } enviado a { $player }: { $options }; espera la respuesta durante { $left }
challenges-link = su enlace: { $link }
challenges-challenged = { $player } te desafía: { $options } (caduca en { $left }); para aceptar: mice-cake accept { $id }
challenges-from =
    { $from ->
        [everyone] recibes desafíos de todo el mundo
        [played] recibes desafíos solo de jugadores contra los que has jugado
       *[nobody] no recibes desafíos de nadie
    }

## La lista (mice-cake challenges)

challenges-none-for-you = ningún desafío espera tu respuesta
challenges-for-you =
    { $count ->
        [one] un desafío espera tu respuesta (mice-cake accept ID, o decline ID):
       *[other] { $count } desafíos esperan tu respuesta (mice-cake accept ID, o decline ID):
    }
challenges-from-line = {"  "}{ $id }  de { $player }: { $options }; caduca en { $left }
challenges-none-sent = ningún desafío que enviaste espera su respuesta
challenges-by-you =
    { $count ->
        [one] un desafío que enviaste espera su respuesta:
       *[other] { $count } desafíos que enviaste esperan su respuesta:
    }
challenges-to-line = {"  "}{ $id }  a { $player }: { $options }; caduca en { $left }
