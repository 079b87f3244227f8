# The check of a finished game against what this browser saw of it (its
# seals, signatures, keys and its own moves), and what changed during a game
# that an honest server never changes. Each message is a broken link: the
# page shows it after "NOT FAIR:" (check-not-fair), so it starts in
# lowercase. Shared with the record's own check (verify.ftl) where the words
# are the same.
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.

fair-no-seals = el registro no contiene ningún sello
fair-seed-mismatch = la semilla no coincide con el compromiso publicado al empezar la partida
fair-commitment-mismatch = el compromiso del registro no es el publicado al empezar la partida
fair-revealed-missing = la ronda { $round } se reveló durante la partida, pero falta en el registro
fair-sealed-missing = la ronda { $round } se selló durante la partida, pero falta en el registro
# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it (`mice-cake verify`); a translation names the seat.
fair-seal-not-published =
    el sello de { $seat ->
        [yellow] Amarillo
        [blue] Azul
       *[other] { $seat }
    } { $round ->
        [0] del reparto
       *[other] de la ronda { $round }
    } no es el publicado antes de abrir las jugadas
fair-signature-not-published =
    la firma de { $seat } { $round ->
        [0] del reparto
       *[other] de la ronda { $round }
    } no es la publicada con el sello
fair-key-not-announced = la clave de { $seat } en el registro no es la anunciada al empezar la partida
fair-key-not-yours = el registro no asigna a tu color la clave con la que este navegador firmó tus jugadas
fair-round-missing = la ronda { $round } falta en el registro
fair-move-not-held =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: el registro no contiene la jugada que abriste

## What changed during the game, noted as it happened

fair-commitment-changed = el servidor publicó otro compromiso durante la partida
fair-seal-changed =
    un sello { $round ->
        [0] del reparto
       *[other] de la ronda { $round }
    } cambió después de publicarse
fair-signature-changed =
    la firma de { $seat } { $round ->
        [0] del reparto
       *[other] de la ronda { $round }
    } cambió después de publicarse
