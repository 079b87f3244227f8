# Help in the room: the walkthrough for a first game (until dismissed) and
# what the marks on the cake mean.

## The first-game walkthrough

help-got-it = Entendido
help-walkthrough = Cómo jugar
help-first-game = Tu primera partida
help-step-columns = En cada ronda, pon tus ratones en las columnas del pastel: toca una columna (o ←/→ y ↑). Tus ratones van a por la pieza más cercana a tu borde, abajo.
help-step-dice = Más ratones tiran más dados: los dados deben alcanzar los puntos de la pieza. Las probabilidades para 1 a 4 ratones aparecen con tu jugada.
help-step-tire = Si los dados coinciden con las dos mitades de la pieza, esos ratones se cansan y descansan una ronda.
help-step-commit = Sellar: tu jugada queda sellada, secreta incluso para el servidor, hasta que llegue la de tu rival. Entonces se revelan las dos y ruedan los dados.
help-most-pips = Gana quien se lleve más puntos.
help-rules = Las reglas completas

## What the marks on the cake mean

help-legend = Qué significan las marcas
help-legend-nearest = Un borde de color: la pieza más cercana de esa familia en la columna, a la que van sus ratones (la de Amarillo debajo, la de Azul encima).
help-legend-changed = Un contorno: un lugar que cambió en la última ronda (una pieza que alguien se llevó o que se volteó).
help-legend-resting = Ratones descansando: dos de Amarillo se cansaron en esta pieza y no juegan la ronda siguiente.
help-legend-tire = Cansancio: los dados que muestran las dos mitades de la pieza (un dado para una pieza con una mitad en blanco) cansan a esos ratones; la pieza se queda, sea cual sea la suma. Con impulso, vuelven a tirar.
help-legend-marks = ✓ conseguida, ✗ no alcanzada (o superada en los dados), = empate (la pieza se queda), z cansados: cómo acabó cada tirada, durante una revelación.
