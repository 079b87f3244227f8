# An outside engine run by `mice-cake bot --engine "CMD"`, and a built-in
# policy run as one (`mice-cake engine`): client-cli/src/engine_link.rs and
# engine_command.rs. Lines for whoever runs the bot, on standard error.
# $engine is the engine's name; $line an engine's line quoted back.

engine-bad-command = { $command } no es una línea de órdenes con la que se pueda iniciar un motor
engine-cannot-start = el motor { $command } no se puede iniciar: { $error }
engine-no-handshake = el motor { $engine } no dio su nombre en los { $seconds } s siguientes a su inicio
engine-wrong-protocol = el motor { $engine } habla el protocolo de motores { $theirs }; este cliente habla el { $ours }
engine-bad-handshake = el motor { $engine } respondió al saludo con { $line }, no con su nombre (docs/engines.md)
# Why an engine's answer was replaced (each fills $why below).
engine-late = ninguna jugada en { $seconds } s
engine-illegal = { $assignment } no es legal en esta ronda: { $why }
engine-not-a-move = { $line } no es una jugada: { $error }
engine-wrong-round = { $line } no es para la ronda { $round }
engine-unreadable = { $line } no se puede leer: { $error }
engine-replaced = { $engine }, ronda { $round }: { $why }; se juega en su lugar la jugada del plazo { $played }
engine-second-handshake = un segundo saludo, no una jugada
engine-no-pipes = no se pudieron abrir su entrada y su salida estándar
engine-output-closed = su salida se cerró
engine-gone = el motor { $engine } se ha ido ({ $how }): se abandona la partida
engine-gave-up = el motor { $engine } no puede seguir: { $message }
engine-stale = { $engine } respondió a una ronda ya jugada: { $line } (ignorado)
# `mice-cake engine`, told that its move was replaced.
engine-told-refused = ronda { $round }: la jugada no se jugó: { $message }
engine-cannot-read = una línea fuera del protocolo de motores: { $error }
# `mice-cake engine-match`: $a and $b are the engines' names; games from seed $first to $last.
engine-match-games = { $games } partidas entre { $a } y { $b } (semillas { $first } a { $last }), { $rounds } rondas por partida
# $low and $high bound the win rate, 95 % of the time; $replaced answers were late, unreadable or illegal.
engine-match-wins = { $engine }: { $wins } victorias ({ $percent } %, intervalo al 95 % { $low }–{ $high } %), { $replaced } respuestas reemplazadas
