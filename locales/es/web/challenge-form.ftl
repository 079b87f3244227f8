# Challenging a player from their page (challenge-form.js): the form, what
# became of the challenge sent; on your own page, whom you take challenges
# from. Names are never translated.

# The button that opens the form: "Challenge Bob".
challenge-form-open = Desafiar a { $name }
# The same, for a player the server knows no name for.
challenge-form-open-unnamed = Desafiar a este jugador
challenge-form-your-name = Tu nombre
challenge-form-match = Encuentro
# A match's length: the wins that take it (1: a single game).
challenge-form-first-to =
    { $wins ->
        [1] una partida
       *[other] a { $wins } victorias
    }
challenge-form-rated = Puntuado: las partidas cambian la puntuación de ambos jugadores
challenge-form-time = Tiempo por ronda
challenge-form-time-default = el valor por defecto del servidor
challenge-form-time-seconds = { $seconds } s
challenge-form-time-minutes = { $minutes } min
challenge-form-time-none = sin límite
challenge-form-pieces = Piezas
challenge-form-reveal-standard = filas 1, 3, 5, 7 boca arriba
challenge-form-reveal-all-face-up = todas boca arriba
challenge-form-reveal-all-face-down = todas boca abajo
challenge-form-boost = Impulso en lugar de cansancio
challenge-form-send = Enviar el desafío
challenge-form-close = Cerrar
challenge-form-sent = Desafío enviado: espera su respuesta al pie de la página.
challenge-form-keyless = Un desafío se hace con la clave de este navegador, y este navegador no puede guardar una aquí (necesita HTTPS o localhost, e IndexedDB).

## Your own page: whom you take challenges from

challenges-from-heading = Desafíos
challenges-from-label = Aceptar desafíos de
challenges-from-choice =
    { $from ->
        [everyone] todos
        [played] jugadores contra los que he jugado
       *[nobody] nadie
    }
challenges-from-set =
    { $from ->
        [everyone] Guardado: aceptas desafíos de todos.
        [played] Guardado: solo aceptas desafíos de jugadores contra los que has jugado.
       *[nobody] Guardado: no aceptas desafíos de nadie.
    }
