# The browser's own check of a whole match (match-check.js), on a game's page.
# Each message but the verdicts is a broken link, shown after
# match-check-not-whole, so it starts in lowercase.

## The verdicts. Keep ✓ first in the whole ones.

match-check-not-whole = INCOMPLETO O ALTERADO: { $problem }
match-check-whole-won = ✓ Este encuentro está completo: { $games ->
        [one] { $games } partida, justa
       *[other] { $games } partidas, en orden, cada una justa
    }; { $winner } lo ganó { $wins }–{ $losses }.
match-check-whole-forfeit = ✓ Este encuentro está completo: { $games ->
        [one] { $games } partida, justa
       *[other] { $games } partidas, en orden, cada una justa
    }; { $loser } abandonó el encuentro y { $winner } lo ganó ({ $wins }–{ $losses }).
match-check-whole-abandoned = ✓ Este encuentro está completo: { $games ->
        [one] { $games } partida, justa
       *[other] { $games } partidas, en orden, cada una justa
    }; los dos jugadores se fueron y nadie lo ganó ({ $first } { $first_wins } – { $second } { $second_wins }).
match-check-whole-left-between = ✓ Este encuentro está completo: { $games ->
        [one] { $games } partida, justa
       *[other] { $games } partidas, en orden, cada una justa
    } ({ $first } { $first_wins } – { $second } { $second_wins }); { $abandoned ->
        [yes] los dos jugadores se fueron entre dos partidas, según el servidor: nadie lo ganó.
       *[no] { $loser } se fue entre dos partidas, según el servidor: { $winner } ganó el encuentro.
    }
match-check-whole-playing = ✓ Este encuentro está completo hasta ahora: { $games ->
        [one] { $games } partida, justa
       *[other] { $games } partidas, en orden, cada una justa
    }; { $first } { $first_wins } – { $second } { $second_wins }, aún en juego.
match-check-failed = No se pudo comprobar el encuentro: { $error }
match-check-game-unreachable = no se pudo obtener la partida { $number } del encuentro: { $error }

## Broken links

match-check-other-summary = el servidor respondió con otro encuentro que el pedido
match-check-summary-unreadable = la respuesta del servidor sobre el encuentro no se puede leer
match-check-other-game = el servidor dio otra partida como partida { $number } del encuentro
match-check-game-unfair = la partida { $number } no es justa: { $problem }
match-check-no-game = el encuentro no tiene ninguna partida
match-check-not-in-match = la partida { $position } de la lista no pertenece a ningún encuentro
match-check-other-match = la partida { $position } de la lista pertenece a otro encuentro
match-check-out-of-order = la partida { $position } de la lista dice ser la partida { $number } del encuentro: falta una partida, está repetida o fuera de orden
match-check-broken = la partida { $number } no sigue a la partida { $previous }: falta una partida entre ellas o se añadió una
match-check-broken-start = la partida 1 no empieza el encuentro: falta una partida antes de ella o se añadió una
match-check-other-rules = la partida { $number } se jugó con otras reglas que la partida 1
match-check-other-player = la partida { $number } la jugó otra clave que la de { $name }
match-check-after-end = la partida { $number } se jugó después del final del encuentro
match-check-wins-differ = el servidor dice que { $name } tiene { $said ->
        [one] { $said } victoria
       *[other] { $said } victorias
    }; las partidas dan { $counted }
match-check-status-differs = el servidor dice que el encuentro está { $said ->
        [playing] aún en juego
        [won] ganado
        [forfeit] ganado por abandono
        [abandoned] abandonado
       *[other] { $said }
    }; las partidas dicen que está { $counted ->
        [playing] aún en juego
        [won] ganado
        [forfeit] ganado por abandono
        [abandoned] abandonado
       *[other] { $counted }
    }
match-check-winner-differs = el servidor nombra a otro ganador que el que dan las partidas
