# Los rechazos del servidor, por su código (`refusal-<code>`), dichos al
# jugador. Argumentos: los del rechazo (`args`); un servidor más antiguo no
# da ninguno, y cada mensaje se lee bien sin ellos (la rama [other]).

refusal-version_mismatch = { $reason ->
    [client_older] Este cliente es más antiguo que el servidor (protocolo { $client }; el servidor habla el { $server }): actualízalo.
    [server_older] Este servidor es más antiguo que el cliente (protocolo { $server }; el cliente habla el { $client }): usa un cliente de su versión o pide a quien lo administra que lo actualice.
   *[other] El cliente y el servidor hablan versiones distintas del protocolo.
}
refusal-hello_required = El cliente debe saludar primero.
refusal-already_greeted = El cliente saludó dos veces.
refusal-bad_message = El servidor no pudo leer un mensaje de este cliente.
refusal-unknown_message = El servidor no conoce un mensaje que envió este cliente.
refusal-frame_too_large = { $reason ->
    [limit] Un mensaje era demasiado largo para el servidor (como máximo { $limit } bytes).
   *[other] Un mensaje era demasiado largo para el servidor.
}
refusal-binary_not_supported = El servidor solo acepta mensajes de texto.
refusal-rate_limited = { $reason ->
    [challenges] Demasiados desafíos hechos últimamente. Espera un minuto.
    [chat] Más despacio: como máximo { $limit } mensaje de chat por segundo. Ese no se envió.
    [spectator_chat] El chat de los espectadores está saturado: como máximo { $limit } mensajes por segundo. Ese no se envió.
    [messages] Demasiados mensajes a la vez: como máximo { $limit } por segundo. Ese se ignoró.
   *[other] Demasiados mensajes a la vez. Espera un momento.
}
refusal-bad_name = { $reason ->
    [empty] Un nombre no puede estar vacío.
    [too_long] Un nombre tiene como máximo { $most } caracteres, no { $chars }.
    [invisible] Un nombre no puede contener { $character }: se rechazan los caracteres invisibles, de control y de dirección del texto.
    [leading_mark] Un nombre no puede empezar con una marca combinante ({ $character }).
    [too_many_marks] Un nombre no puede acumular más de { $most } marcas combinantes en un carácter.
   *[other] Ese nombre no se acepta.
}
refusal-bad_options = { $reason ->
    [first_to] Un encuentro se juega a { $max } victorias como mucho.
   *[other] Estas opciones de partida no se aceptan.
}
refusal-unknown_room = { $reason ->
    [named] Ninguna sala tiene el código { $room }.
   *[other] Ninguna sala tiene ese código.
}
refusal-unknown_game = { $reason ->
    [named] Ninguna partida terminada tiene el identificador { $game }.
   *[other] Ninguna partida terminada tiene ese identificador.
}
refusal-room_full = Los dos asientos de esta sala están ocupados.
refusal-spectators_full = Esta sala tiene todos los espectadores que admite.
refusal-too_many_rooms = El servidor tiene todas las salas que puede. Inténtalo más tarde.
refusal-too_many_connections = { $reason ->
    [pushed_out] El servidor está lleno, y esta conexión, sin partida en curso, cedió su lugar a otra. Inténtalo más tarde.
   *[other] El servidor está lleno. Inténtalo más tarde.
}
refusal-already_in_room = Ya estás en una sala.
refusal-not_in_room = No estás en ninguna sala.
refusal-bad_token = El token de ese asiento no es válido.
refusal-spectator_cannot_act = Los espectadores no pueden jugar.
refusal-wrong_phase = { $reason ->
    [no_move_expected] Ahora no se espera ninguna jugada.
    [round_over] { $round ->
        [0] El reparto terminó; esta es la ronda { $current }.
       *[other] La ronda { $round } terminó; esta es la ronda { $current }.
    }
    [round_not_started] { $current ->
        [0] La ronda { $round } no ha empezado; esto es el reparto.
       *[other] La ronda { $round } no ha empezado; esta es la ronda { $current }.
    }
    [opening_before_both_sealed] Las jugadas se abren cuando ambas están selladas: espera el sello de tu rival.
    [arena_rematch] Las partidas de una arena no tienen revancha: la arena te vuelve a emparejar.
    [rematch_too_soon] La revancha se pide cuando termina la partida, con los dos jugadores en la sala.
    [opponent_left] La partida { $game } terminó y tu rival dejó la sala; la siguiente partida empieza cuando llegue otro jugador.
    [not_started] La partida no ha empezado: la sala espera a un segundo jugador.
    [game_over] La partida terminó; pide la revancha para volver a jugar.
   *[other] Eso no es posible en este momento de la partida.
}
refusal-already_committed = { $reason ->
    [moved_for_you] Pasó el plazo: el servidor jugó por ti esta ronda.
    [opened] Tu jugada ya está abierta esta ronda.
   *[other] Tu jugada ya está sellada esta ronda.
}
refusal-bad_opening = Esta jugada y su nonce no coinciden con tu sello. Abre la jugada que sellaste, o perderás por abandono cuando se acabe el tiempo para abrirla.
refusal-illegal_assignment = { $reason ->
    [game_over] La partida terminó.
    [too_many_mice] { $placed } ratones colocados, pero una familia solo tiene 4.
    [resting_mice_used] { $placed } ratones colocados, pero solo { $available } están disponibles: los demás están descansando.
    [mice_left_unplaced] { $placed } de { $available } ratones disponibles colocados: hay que colocar todos los ratones disponibles.
    [empty_column] A la columna { $column } no le queda ninguna pieza.
    [opponent_stash_empty] La columna { $column } ofrece el doble blanco, pero tu rival aún no tiene nada que robar.
    [steal_without_target] Los ratones en el doble blanco de la columna { $column } deben nombrar una pieza de tu rival para robar.
    [target_not_in_opponent_stash] El botín de tu rival no tiene { $piece }.
    [steal_target_without_steal] { $piece } solo se puede robar con ratones en el doble blanco, y no hay ninguno ahí.
   *[other] Esa jugada rompe una regla.
}
refusal-shutting_down = El servidor se está apagando.
refusal-internal = Algo falló en el servidor; no se cambió nada.
refusal-invalid_utf8 = Un mensaje no era texto válido.
refusal-not_found = No hay nada en esta dirección.
refusal-method_not_allowed = Esta dirección no acepta esa petición.
refusal-upgrade_required = Esta dirección es para conexiones WebSocket.
refusal-bad_chat = { $reason ->
    [empty] Un mensaje de chat necesita algo de texto.
    [too_long] Un mensaje de chat tiene como máximo { $most } caracteres, no { $chars }.
   *[other] Ese mensaje de chat no se acepta.
}
refusal-unavailable = No se puede llegar a la sala ahora mismo. Inténtalo de nuevo en un momento.
refusal-replaced = Otra conexión (otra pestaña u otro dispositivo) recuperó este asiento y ahora lo juega.
refusal-bad_key = Esa clave no se puede usar aquí.
refusal-bad_signature = Una firma no se pudo verificar. No se cambió nada.
refusal-key_required = Una partida puntuada necesita tu clave: una puntuación pertenece a una clave.
refusal-unknown_player = Ningún jugador tiene esa clave.
refusal-already_seeking = Ya estás buscando rival.
refusal-too_many_new_keys = { $reason ->
    [limit] Esta dirección ha traído { $limit } claves nuevas a partidas puntuadas en la última hora, tantas como permite el servidor. Juega con una clave que ya haya jugado partidas puntuadas, o una partida amistosa.
   *[other] Esta dirección ha traído en esta hora tantas claves nuevas a partidas puntuadas como permite el servidor. Juega con una clave que ya haya jugado partidas puntuadas, o una partida amistosa.
}
refusal-operator_only = Solo quien administra el servidor puede hacer eso.
refusal-unknown_arena = Ninguna arena tiene ese identificador.
refusal-arena_refused = { $reason ->
    [over] La arena terminó.
    [no_bots] Esta arena no acepta bots.
    [bad_code] Es la arena de un club: únete con su código de acceso.
    [in_another_room] Estás en la sala de otra partida: sal de ella primero.
   *[other] La arena no te acepta.
}
refusal-not_in_arena = No estás en ninguna arena.
refusal-unknown_match = { $reason ->
    [named] Ningún encuentro tiene el identificador { $match }.
   *[other] Ningún encuentro tiene ese identificador.
}
refusal-challenge_refused = { $reason ->
    [yourself] No puedes desafiarte a ti mismo.
    [nobody] { $player } no acepta desafíos.
    [not_played] { $player } solo acepta desafíos de jugadores con los que ha jugado.
    [too_many] Ya tienes { $max } desafíos esperando respuesta: cancela uno primero.
    [bot_against_person] Un desafío puntuado es entre dos bots o dos personas: un bot y una persona solo juegan partidas amistosas.
    [server_bot] Un desafío es entre dos jugadores: no puede sentar al bot del servidor.
   *[other] Este desafío no se puede hacer.
}
refusal-unknown_challenge = { $reason ->
    [named] Ningún desafío { $challenge } te espera.
   *[other] No te espera ningún desafío así.
}
refusal-not_watching = Demuestra antes tu clave (sigue tus desafíos) para responder o cancelar un desafío.
refusal-bad_bot_card = { $reason ->
    [empty] El campo { $field } de la ficha no puede estar vacío.
    [too_long] El campo { $field } de la ficha tiene como mucho { $most } caracteres, no { $chars }.
    [invisible] El campo { $field } de la ficha no puede contener { $character }: se rechazan los caracteres invisibles, de control y de dirección del texto.
    [leading_mark] El campo { $field } de la ficha no puede empezar por una marca combinante ({ $character }).
    [too_many_marks] El campo { $field } de la ficha no puede acumular más de { $most } marcas combinantes en un carácter.
   *[other] La ficha de este bot no se acepta.
}
refusal-unknown-code = El servidor rechazó: { $message }

## A pairing called off, a seek ended

unpaired-requeued = Tu rival no ocupó su asiento ni selló el reparto a tiempo: vuelves a estar en cabeza de la cola.
unpaired-not-requeued = No sellaste tu reparto a tiempo y tu rival sí: pierdes tu lugar en la cola.
seek-ended-cancelled = Dejaste de buscar rival.
seek-ended-shutting_down = El servidor se está apagando.
seek-ended-deal_not_sealed = No sellaste tu reparto a tiempo.
seek-ended-no_room = El servidor no pudo crear una sala para la partida.

## An arena's player not paired until they join again (arena_paused), by cause

arena-paused-paused = Hiciste una pausa: vuelve a unirte para que te emparejen.
arena-paused-over = La arena terminó.
arena-paused-replaced = Te uniste a esta arena desde otra conexión, que ahora juega.
arena-paused-called_off = Tu partida se anuló antes de empezar: vuelve a unirte para que te emparejen.
arena-paused-deal_not_sealed = No sellaste tu reparto a tiempo: vuelve a unirte para que te emparejen.
