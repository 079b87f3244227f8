# The line interface (client-cli/src/plain/).

## Seeking an opponent (text_output.rs)

# A seek's time per round when any will do.
plain-any-time = cualquier tiempo
plain-any-pool = cualquier categoría
# $pool (text-pool or plain-any-pool), $time per round (like 30s, or plain-any-time), rated or casual, the player's rating (like 1500?).
plain-seeking =
    buscando rival: { $pool }, { $time } por ronda, { $kind ->
        [rated] puntuada
       *[casual] amistosa
    } (tu puntuación: { $rating })
# As plain-seeking, for a player who aborted $aborted of their last $games rated games.
plain-seeking-paired-last =
    buscando rival: { $pool }, { $time } por ronda, { $kind ->
        [rated] puntuada
       *[casual] amistosa
    } (tu puntuación: { $rating }); anulaste { $aborted } de tus últimas { $games } partidas puntuadas (saliste, estuviste ausente o no abriste antes de que ambos jugadores hicieran un movimiento), así que te emparejan después de todos los demás
# $policy is the bot's name (strong).
plain-bot-offered = todavía no hay nadie con quien emparejarte: juegas en su lugar contra el bot { $policy } del servidor (amistosa)
# $badge is [BOT] after a bot's name, or nothing; $rating the opponent's.
plain-paired =
    emparejado con { $opponent }{ $badge } ({ $rating }) en la sala { $code }: { $pool }, { $time } por ronda, { $kind ->
        [rated] puntuada
       *[casual] amistosa
    }
# $reason is the server's own words.
plain-unpaired = emparejamiento anulado, sala { $code } cerrada: { $reason }
# $why is text-seek-end.
plain-seek-ended = ya no se busca rival: { $why }

## The server's news (text_output.rs)

# $server is the server's name and version.
plain-connected = conectado a { $server }
# A refusal: $code is the protocol's (room_full), never translated; $message the refusal in words.
plain-error = error ({ $code }): { $message }
# $message is the server's own words.
plain-shutting-down = servidor: { $message }
plain-renamed = { $key } ahora se llama { $name }
plain-bot-described = La página de los bots muestra este bot jugado por { $engine } { $version }.
plain-you-are = sala { $code } — eres { $seat }
# $command joins the room: a command line, never translated.
plain-waiting-for-opponent = esperando rival: dile que ejecute  { $command }
plain-watching-room = mirando la sala { $code }
plain-new-game = nueva partida: ahora eres { $seat }
plain-left-room = saliste de la sala { $code }
# $badge is [BOT] after a bot's name, or nothing.
plain-player-joined = { $name }{ $badge } se unió como { $seat }
# Who plays which seat; the badges are [BOT] after a bot's name, or nothing.
plain-game-begins = empieza la partida { $game }: { $yellow }{ $yellow_badge } es Amarillo, { $blue }{ $blue_badge } es Azul
# $why is text-not-rated.
plain-not-rated = esta partida no es puntuada, aunque la sala sí: { $why }
plain-committed = { $seat } ha sellado su movimiento
plain-back = { $seat } ha vuelto
# A player who went away forfeits after $seconds seconds unless back.
plain-disconnected-grace = { $seat } se desconectó: pierde por abandono en { $seconds } s si no vuelve
plain-disconnected = { $seat } se desconectó
# How many spectators watch the room.
plain-spectators =
    { $count ->
        [one] { $count } espectador
       *[other] { $count } espectadores
    }
plain-rematch = { $seat } pide la revancha
plain-player-left = { $seat } se fue
# A seat's new rating (like 1532?), its deviation, and the rated games it rests on.
plain-rated =
    puntuación de { $seat }: { $rating } (desviación { $deviation }, { $games ->
        [one] { $games } partida puntuada
       *[other] { $games } partidas puntuadas
    })

## The rooms and seats tables (text_output.rs)

plain-no-public-rooms = no hay salas públicas
# The rooms table's column headings: short words.
plain-rooms-code = código
plain-rooms-status = estado
plain-rooms-yellow = amarillo
plain-rooms-blue = azul
plain-rooms-round = ronda
plain-rooms-watching = público
# A room's status in the table: one short word.
plain-room-waiting = esperando
plain-room-playing = jugando
plain-room-finished = terminada
# More public rooms than listed.
plain-rooms-more = … y { $count } más
plain-no-seat = no tienes ningún asiento
# The seats table's column headings: short words.
plain-seats-room = sala
plain-seats-seat = asiento
plain-seats-name = nombre
plain-seats-when = cuándo
plain-seats-server = servidor
# A command line, never translated (SERVER and ROOM are to be replaced).
plain-take-seat-back = recupera uno con:  mice-cake --server SERVER resume ROOM
# How long ago a seat was kept, in a few characters.
plain-ago-now = ahora mismo
plain-ago-minutes = hace { $count } min
plain-ago-hours = hace { $count } h
plain-ago-days = hace { $count } d

## A game (mod.rs, output.rs, deciders.rs, typed.rs)

# The connection dropped ($reason); the next try in $seconds (with a decimal), the how-manieth.
plain-reconnecting = conexión perdida ({ $reason }); reconectando en { $seconds } s (intento { $attempt })
plain-reconnected = reconectado
# The player's own move, sealed: $assignment like A2 C2.
plain-committed-for-round = movimiento enviado para la ronda { $round }: { $assignment } (sellado)
# pause is a word the player types: never translated.
plain-waiting-to-be-paired = esperando un nuevo emparejamiento (escribe pause para parar)
# Ctrl-C pressed during a game: a second press within $seconds seconds leaves.
plain-leave-the-game = ¿Salir de la partida? La pierdes por abandono. Pulsa Ctrl-C otra vez antes de { $seconds } s para salir (o cierra el terminal: tu asiento se guarda un rato, para volver)
plain-leaving-forfeit = sales de la sala { $code }: pierdes la partida { $game } por abandono
plain-leaving = sales de la sala { $code }
# Where a finished game's record is on the server.
plain-record = registro: /api/games/{ $id }
# A chat line said by a player.
plain-chat-player = chat: { $name } ({ $seat }): { $text }
plain-chat-spectator = chat: { $name } (espectador): { $text }
plain-chat = chat: { $name }: { $text }
plain-forced = nada que decidir en esta ronda: tu única asignación posible se sella por ti
plain-out-of-input = la entrada estándar terminó con una ronda por jugar: sales de la partida
# A round opens for the player: $mice to place, $seconds left if the round is timed, and a legal assignment as an example ($example, like A2 C1) if there is one.
plain-your-turn =
    ronda { $round }: eres { $seat }, { $mice ->
        [one] { $mice } ratón por colocar
       *[other] { $mice } ratones por colocar
    }{ $timed ->
        [yes] {" "}(quedan { $seconds } s)
       *[no] {""}
    }; escribe tu asignación{ $like ->
        [yes] , por ejemplo: { $example }
       *[no] {""}
    }
# $error says which rule the assignment breaks.
plain-cannot-be-played = { $assignment } no se puede jugar: { $error }
plain-chat-off = el chat está desactivado (--no-chat)
# A line starting with { that the protocol cannot read.
plain-not-a-message = no es un mensaje: { $error }
plain-watching-nothing-to-play = estás mirando: no hay nada que jugar (q para salir)
# A line that is no assignment ($line, in quotes); the examples are typed as they are.
plain-cannot-read-move = no se puede leer { $line }: { $error } (escríbelo como `A2 C1` o `D1 steal 6/6`)
plain-noted = { $assignment }: anotado, para cuando empiece la próxima ronda

## Un desafío (text_output.rs, mod.rs)

plain-challenge-waiting = esperando la respuesta (Ctrl-C retira el desafío)
plain-challenge-taken-back = retirando el desafío { $id }
